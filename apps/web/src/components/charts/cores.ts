// Series colours from the theme's CSS variables (light and dark alike).
export const COR_PRIMARIA = 'var(--color-primary)';
export const COR_ANTERIOR = 'var(--color-muted-foreground)';
export const COR_POSITIVA = 'var(--color-emerald-600, #059669)';
export const COR_NEGATIVA = 'var(--color-destructive)';
export const COR_GRADE = 'var(--color-border)';
