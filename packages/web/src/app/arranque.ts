import { useLayoutEffect } from "react";

/** Removes the boot picture of index.html (arranque/arranque.js); nothing when it is gone. */
export function quitarArranque(): void {
  document.getElementById("arranque")?.remove();
}

/**
 * For the layouts that frame a page: the boot picture goes in the same frame in which the page
 * first appears (a layout effect runs before the browser paints), never leaving a blank or a
 * spinner between the two.
 */
export function useQuitarArranque(): void {
  useLayoutEffect(quitarArranque, []);
}
