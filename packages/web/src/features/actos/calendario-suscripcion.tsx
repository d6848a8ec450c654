import { mensajeDeError } from "@fila/domain";
import { Alert, Button, CopyButton, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconCalendarShare, IconCopy, IconRefresh } from "@tabler/icons-react";
import { useTranslation } from "../../lib/i18n";
import { useEnlaceCalendario } from "./use-actos";

/** "Suscribirse al calendario": my private feed URL, to copy into a calendar app, or renew. */
export function CalendarioSuscripcion() {
  const { t } = useTranslation();
  const [abierto, { open, close }] = useDisclosure(false);
  const { enlace, regenerar } = useEnlaceCalendario(abierto);
  const url = enlace.data?.url ?? "";
  const error = enlace.error ?? regenerar.error;

  return (
    <>
      <Button
        variant="light"
        leftSection={<IconCalendarShare size={18} aria-hidden />}
        onClick={open}
      >
        {t("actos.calendario.suscribirse")}
      </Button>
      <Modal opened={abierto} onClose={close} title={t("actos.calendario.titulo")} centered>
        <Stack>
          <Text size="sm">{t("actos.calendario.ayuda")}</Text>
          {error ? (
            <Alert role="alert" color="red">
              {mensajeDeError(error)}
            </Alert>
          ) : null}
          <TextInput
            label={t("actos.calendario.url")}
            value={url}
            readOnly
            placeholder={enlace.isFetching ? t("app.cargando") : ""}
            onFocus={(e) => e.currentTarget.select()}
          />
          <Group justify="space-between">
            <Button
              variant="subtle"
              color="orange"
              leftSection={<IconRefresh size={16} aria-hidden />}
              loading={regenerar.isPending}
              onClick={() => regenerar.mutate()}
            >
              {t("actos.calendario.regenerar")}
            </Button>
            <CopyButton value={url}>
              {({ copied, copy }) => (
                <Button
                  leftSection={<IconCopy size={16} aria-hidden />}
                  color={copied ? "green" : undefined}
                  disabled={url === ""}
                  onClick={copy}
                >
                  {copied ? t("actos.copiado") : t("actos.copiar.url")}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Text size="xs" c="dimmed">
            {t("actos.calendario.aviso")}
          </Text>
        </Stack>
      </Modal>
    </>
  );
}
