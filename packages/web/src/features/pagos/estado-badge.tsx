import { Badge, type BadgeProps } from "@mantine/core";
import { useTranslation } from "../../lib/i18n";
import { COLOR_ESTADO } from "./pagos-logica";
import type { EstadoPago } from "./tipos";

/** A charge's state as a coloured badge with its Spanish label. */
export function EstadoBadge({ estado, ...props }: { estado: EstadoPago } & BadgeProps) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={COLOR_ESTADO[estado]} miw="max-content" {...props}>
      {t(`pagos.estados.${estado}`)}
    </Badge>
  );
}
