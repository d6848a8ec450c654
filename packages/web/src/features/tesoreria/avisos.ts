import { notifications } from "@mantine/notifications";
import { i18n } from "../../lib/i18n";

/** A green notice that something was done, its close button named (axe: button-name). */
export function avisarHecho(mensaje: string): void {
  notifications.show({
    color: "green",
    message: mensaje,
    closeButtonProps: { "aria-label": i18n.t("comun.cerrar") },
  });
}
