import { ArrowLeftRight, History, MoreHorizontal, SlidersHorizontal } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu.tsx';
import type { Movimento, MovimentoAlvo } from './movimento-dialogs.tsx';

/** The stock actions of a product's row: Kardex, Ajuste de estoque, Transferência. */
export function ProdutoAcoes({
  alvo,
  label,
  onMovimento,
}: {
  alvo: MovimentoAlvo & { produtoId: string };
  /** the row's name, for the button's accessible name */
  label: string;
  onMovimento(tipo: Movimento, alvo: MovimentoAlvo): void;
}) {
  const navigate = useNavigate();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button size="icon" variant="ghost" aria-label={`Estoque de ${label}`}>
          <MoreHorizontal aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={() => navigate(`/estoque/produtos/${alvo.produtoId}/kardex`)}>
          <History aria-hidden />
          Kardex
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => onMovimento('ajuste', alvo)}>
          <SlidersHorizontal aria-hidden />
          Ajuste de estoque
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => onMovimento('transferencia', alvo)}>
          <ArrowLeftRight aria-hidden />
          Transferência
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
