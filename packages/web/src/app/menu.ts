import type { menuPorRol } from "@fila/domain";

export type ItemMenu = ReturnType<typeof menuPorRol>[number];

/** Every leaf of a menu (the submenu items replace their parent). */
export function hojasDelMenu(items: readonly ItemMenu[]): ItemMenu[] {
  return items.flatMap((item) => (item.submenu?.length ? hojasDelMenu(item.submenu) : [item]));
}
