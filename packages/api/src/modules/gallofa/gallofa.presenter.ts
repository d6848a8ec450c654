import type { Gallofa } from "@fila/domain";
import type { GallofaGuardada } from "./gallofa.repository.js";

export function presentarGallofa(g: GallofaGuardada): Gallofa {
  return { ...g, importe: g.importe / 100 };
}
