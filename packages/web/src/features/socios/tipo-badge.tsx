import { COLOR_POR_DEFECTO, colorTexto } from "@fila/domain";
import { Badge, type BadgeProps } from "@mantine/core";

/** The member type as a badge in its own colour, with black or white text by the SPEC §9 rule. */
export function TipoBadge({
  tipo,
  ...props
}: { tipo: { nombre: string; color?: string | null } | null | undefined } & BadgeProps) {
  if (!tipo) return null;
  const fondo = /^#[0-9a-f]{6}$/i.test(tipo.color ?? "")
    ? (tipo.color as string)
    : COLOR_POR_DEFECTO;
  return (
    <Badge
      variant="filled"
      styles={{ root: { backgroundColor: fondo, color: colorTexto(fondo) } }}
      {...props}
    >
      {tipo.nombre}
    </Badge>
  );
}
