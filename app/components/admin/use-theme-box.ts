// An element inside the admin page → the box a Radix portal renders into, so a dialog keeps the admin's theme.
// NOTE: Radix portals to <body> by default, outside the admin shell's `.dark` box, so a portalled dialog shows light
// in dark mode; `capture()` (called as the dialog opens) finds the `.dark` box around the anchor, and the portal
// renders there instead (null: the page is light and the portal keeps <body>).
import { useCallback, useRef, useState, type RefObject } from "react";

export interface ThemeBox<T extends HTMLElement> {
  /** On an element inside the page (the dialog's trigger, or a hidden marker where the dialog is rendered). */
  anchorRef: RefObject<T>;
  /** The portal's container: the `.dark` box found by the last `capture()`, or null for <body>. */
  container: HTMLElement | null;
  capture: () => void;
}

export function useThemeBox<T extends HTMLElement>(): ThemeBox<T> {
  const anchorRef = useRef<T>(null);
  const [container, setContainer] = useState<HTMLElement | null>(null);
  const capture = useCallback(() => setContainer(anchorRef.current?.closest<HTMLElement>(".dark") ?? null), []);
  return { anchorRef, container, capture };
}
