/**
 * Two places where the zod → JSON Schema conversion writes a `nullable` that OpenAPI 3.0 does
 * not read as meant, mended in place everywhere in the document:
 * - with an `enum`, null is only admitted if it is one of the values (`{enum: ["ingreso",
 *   "gasto"], nullable: true}` rejects the null the API does send): null is added;
 * - `nullable` is ignored without a `type` (`{oneOf: [objects…], nullable: true}`, and a
 *   validator such as Ajv refuses the schema): when every alternative has the same type, it
 *   becomes the schema's type; otherwise the first alternative admits null.
 */
export function conNuloEnEnumsNulables<T>(documento: T): T {
  const visitar = (nodo: unknown): void => {
    if (Array.isArray(nodo)) {
      for (const x of nodo) visitar(x);
      return;
    }
    if (!nodo || typeof nodo !== "object") return;
    const objeto = nodo as Record<string, unknown>;
    if (objeto.nullable === true && Array.isArray(objeto.enum) && !objeto.enum.includes(null)) {
      objeto.enum = [...objeto.enum, null];
    }
    if (objeto.nullable === true && !("type" in objeto)) {
      const alternativas = (objeto.oneOf ?? objeto.anyOf) as { type?: unknown }[] | undefined;
      const tipos = new Set(alternativas?.map((a) => a.type));
      const [tipo] = tipos;
      if (tipos.size === 1 && typeof tipo === "string") objeto.type = tipo;
      else if (alternativas?.[0] && typeof alternativas[0] === "object") {
        // Alternatives of different types: null is admitted by the first one only (so that a
        // `oneOf` still matches exactly one).
        (alternativas[0] as Record<string, unknown>).nullable = true;
        delete objeto.nullable;
      }
    }
    for (const valor of Object.values(objeto)) visitar(valor);
  };
  visitar(documento);
  return documento;
}
