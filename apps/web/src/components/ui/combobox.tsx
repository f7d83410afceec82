import { plural } from '@erp/shared';
import {
  type ReactNode,
  type Ref,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { cn } from '@/lib/cn.ts';
import { Input } from './input.tsx';

// The one search-and-pick input of the app (município, vendedor, usuário, later produto), on the
// WAI-ARIA combobox pattern: an input with role=combobox that owns a listbox popup through
// aria-activedescendant. Focus never leaves the input. Arrow keys move through the options (and
// open the list), Enter picks the highlighted option — and never submits the surrounding form —,
// Escape closes the list (the dialog around it stays open), Tab and blur close it too.

/** The popup's height at most (less when the screen has less room). */
const LIST_MAX_HEIGHT = 256;

export type ComboboxProps<T> = {
  /** the text in the input */
  value: string;
  onValueChange(text: string): void;
  /** the options for the current text, best first */
  options: readonly T[];
  optionKey(option: T): string;
  optionLabel(option: T): ReactNode;
  onPick(option: T): void;
  /** accessible name of the list of options */
  listLabel: string;
  /** text when the user typed something and nothing matches */
  noMatchText?: string;
  onBlur?(): void;
  placeholder?: string;
  className?: string;
  disabled?: boolean;
  name?: string;
  ref?: Ref<HTMLInputElement>;
  // wired by FormField
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-label'?: string;
};

export function Combobox<T>({
  value,
  onValueChange,
  options,
  optionKey,
  optionLabel,
  onPick,
  listLabel,
  noMatchText = 'Nenhum resultado',
  onBlur,
  className,
  ref,
  ...input
}: ComboboxProps<T>) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const wrapper = useRef<HTMLDivElement>(null);
  const popup = useRef<HTMLDivElement>(null);
  const listId = useId();
  const optionId = (i: number) => `${listId}-opcao-${i}`;
  const count = options.length;
  const current = count ? Math.min(active, count - 1) : -1;
  const showList = open && count > 0;
  const showNoMatch = open && count === 0 && value.trim() !== '';
  const shown = showList || showNoMatch;

  // The popup is position: fixed under (or, near the bottom of the screen, over) the input, so the
  // scrolling body of a dialog never clips it; it follows the input while anything scrolls.
  useLayoutEffect(() => {
    if (!shown) return;
    const place = () => {
      const box = popup.current;
      const input = wrapper.current;
      if (!box || !input) return;
      const r = input.getBoundingClientRect();
      // where (0, 0) of the fixed box is: the viewport, or a transformed ancestor
      box.style.top = '0px';
      box.style.left = '0px';
      const origin = box.getBoundingClientRect();
      const below = window.innerHeight - r.bottom - 8;
      const above = r.top - 8;
      const up = below < Math.min(LIST_MAX_HEIGHT, box.scrollHeight) && above > below;
      box.style.maxHeight = `${Math.max(Math.min(LIST_MAX_HEIGHT, up ? above : below), 96)}px`;
      box.style.left = `${r.left - origin.left}px`;
      box.style.minWidth = `${r.width}px`;
      box.style.top = `${(up ? r.top - 4 - box.offsetHeight : r.bottom + 4) - origin.top}px`;
    };
    place();
    window.addEventListener('scroll', place, true);
    window.addEventListener('resize', place);
    return () => {
      window.removeEventListener('scroll', place, true);
      window.removeEventListener('resize', place);
    };
  }, [shown, count]);

  // keep the highlighted option in view inside the popup (never scrolls the page)
  useEffect(() => {
    const box = popup.current;
    const el = showList && current >= 0 ? document.getElementById(optionId(current)) : null;
    if (!box || !el) return;
    if (el.offsetTop < box.scrollTop) box.scrollTop = el.offsetTop;
    else if (el.offsetTop + el.offsetHeight > box.scrollTop + box.clientHeight)
      box.scrollTop = el.offsetTop + el.offsetHeight - box.clientHeight;
  }, [showList, current]);

  const pick = (option: T) => {
    onPick(option);
    setOpen(false);
  };

  const status = useMemo(
    () => (showList ? plural(count, 'opção', 'opções') : showNoMatch ? noMatchText : ''),
    [showList, showNoMatch, count, noMatchText],
  );

  return (
    <div ref={wrapper} className={cn('relative', className)}>
      <Input
        {...input}
        ref={ref}
        role="combobox"
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={showList && current >= 0 ? optionId(current) : undefined}
        autoComplete="off"
        value={value}
        onChange={(e) => {
          onValueChange(e.target.value);
          setActive(0);
          setOpen(true);
        }}
        onClick={() => setOpen(true)}
        onBlur={() => {
          setOpen(false);
          onBlur?.();
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            if (!open) {
              setOpen(true);
              setActive(e.key === 'ArrowDown' ? 0 : Math.max(count - 1, 0));
            } else if (count) {
              const step = e.key === 'ArrowDown' ? 1 : -1;
              setActive((current + step + count) % count);
            }
          } else if (e.key === 'Enter') {
            // Enter belongs to the combobox: it picks, it never submits the form
            e.preventDefault();
            if (showList && current >= 0) pick(options[current]!);
          } else if (e.key === 'Escape') {
            if (open) setOpen(false);
          } else if (e.key === 'Tab') {
            setOpen(false);
          }
        }}
      />
      <div
        ref={popup}
        hidden={!shown}
        className="fixed z-50 max-w-[calc(100vw-1rem)] overflow-y-auto rounded-md border border-border bg-card p-1 shadow-md"
      >
        <div id={listId} role="listbox" aria-label={listLabel}>
          {showList
            ? options.map((o, i) => (
                // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard stays in the input (aria-activedescendant)
                <div
                  key={optionKey(o)}
                  id={optionId(i)}
                  role="option"
                  tabIndex={-1}
                  aria-selected={i === current}
                  className={cn(
                    'cursor-pointer rounded-sm px-2 py-1.5 text-sm',
                    i === current && 'bg-accent text-accent-foreground',
                  )}
                  // keep the focus in the input
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => pick(o)}
                  onMouseMove={() => i !== current && setActive(i)}
                >
                  {optionLabel(o)}
                </div>
              ))
            : null}
        </div>
        {showNoMatch ? <p className="px-2 py-1.5 text-sm text-muted-foreground">{noMatchText}</p> : null}
      </div>
      <span className="sr-only" aria-live="polite">
        {status}
      </span>
    </div>
  );
}

/**
 * A combobox that holds one choice: it shows the chosen option's label, searches while the user
 * types, and picks on Enter or click. Leaving without picking keeps the previous choice; clearing
 * the text clears it (`onPick(null)`).
 */
export function SearchSelect<T>({
  selectedLabel,
  search,
  onPick,
  onBlur,
  ...props
}: Omit<ComboboxProps<T>, 'value' | 'onValueChange' | 'options' | 'onPick'> & {
  selectedLabel: string;
  /** options for a text ('' when the user has not typed) */
  search(text: string): readonly T[];
  onPick(option: T | null): void;
}) {
  const [text, setText] = useState<string | null>(null);
  const options = useMemo(() => search(text ?? ''), [search, text]);
  return (
    <Combobox
      {...props}
      value={text ?? selectedLabel}
      options={options}
      onValueChange={(t) => {
        setText(t);
        if (t === '') onPick(null);
      }}
      onPick={(o) => {
        setText(null);
        onPick(o);
      }}
      onBlur={() => {
        setText(null);
        onBlur?.();
      }}
    />
  );
}
