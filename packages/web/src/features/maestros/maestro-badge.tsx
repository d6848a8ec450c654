import { COLOR_POR_DEFECTO, colorTexto } from "@fila/domain";
import { Badge, type BadgeProps } from "@mantine/core";
import { COLOR_HEX } from "./maestros-config";

/** A name on its colour, with black or white text by the SPEC §9 luma rule. */
export function MaestroBadge({
  nombre,
  color,
  ...props
}: { nombre: string; color: string | undefined } & Omit<BadgeProps, "color">) {
  const fondo = color && COLOR_HEX.test(color) ? color : COLOR_POR_DEFECTO;
  return (
    <Badge
      variant="filled"
      styles={{ root: { backgroundColor: fondo, color: colorTexto(fondo), textTransform: "none" } }}
      {...props}
    >
      {nombre}
    </Badge>
  );
}
