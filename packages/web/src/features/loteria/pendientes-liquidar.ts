/**
 * The talonarios of a still open lottery that are yet to be settled (the homes' card). On its own,
 * without `@fila/domain`'s schemas: the homes must not load zod.
 */
export function pendientesDeLiquidar<
  T extends { estado: string; loteria: { plazoAbierto: boolean } },
>(talonarios: readonly T[]): T[] {
  return talonarios.filter((tal) => tal.estado === "pendiente" && tal.loteria.plazoAbierto);
}
