import { Collapsible as CollapsiblePrimitive } from 'radix-ui';

/** Show/hide a region with a trigger button (aria-expanded and aria-controls wired by Radix). */
export const Collapsible = CollapsiblePrimitive.Root;
export const CollapsibleTrigger = CollapsiblePrimitive.Trigger;
export const CollapsibleContent = CollapsiblePrimitive.Content;
