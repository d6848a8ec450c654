import { Button, CloseButton, Group, Paper, Text } from "@mantine/core";
import { IconBellRinging } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "../../lib/i18n";
import { notificarError } from "../../lib/notificar";
import {
  activarNotificaciones,
  avisoDescartado,
  descartarAviso,
  permisoNotificaciones,
} from "./web-push";

/**
 * Invitation to turn on push notifications. Permission is asked only when the person presses
 * the button (never on load); "X" hides the card on this browser.
 */
export function ActivarNotificaciones() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(
    () => permisoNotificaciones() === "default" && !avisoDescartado(),
  );
  const [activando, setActivando] = useState(false);
  if (!visible) return null;

  return (
    <Paper withBorder radius="md" p="md" role="region" aria-label={t("alertas.push.titulo")}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Group wrap="nowrap" gap="sm" align="flex-start">
          <IconBellRinging size={24} aria-hidden />
          <div>
            <Text fw={600}>{t("alertas.push.titulo")}</Text>
            <Text size="sm" c="dimmed">
              {t("alertas.push.texto")}
            </Text>
            <Button
              mt="sm"
              size="sm"
              loading={activando}
              onClick={async () => {
                setActivando(true);
                try {
                  const permiso = await activarNotificaciones();
                  if (permiso !== "default") setVisible(false);
                } catch (error) {
                  notificarError(error, t("alertas.push.error"));
                } finally {
                  setActivando(false);
                }
              }}
            >
              {t("alertas.push.activar")}
            </Button>
          </div>
        </Group>
        <CloseButton
          aria-label={t("alertas.push.ahoraNo")}
          onClick={() => {
            descartarAviso();
            setVisible(false);
          }}
        />
      </Group>
    </Paper>
  );
}
