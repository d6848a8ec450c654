import { mensajeDeError } from "@fila/domain";
import { notifications } from "@mantine/notifications";
import { i18n } from "./i18n";

/** Shows a failed background call to the person, with the SPEC §8 message. */
export function notificarError(error: unknown, titulo?: string): void {
  notifications.show({
    color: "red",
    title: titulo ?? i18n.t("errores.titulo"),
    message: mensajeDeError(error),
  });
}
