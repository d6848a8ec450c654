import { mensajeDeError, validarPassword } from "@fila/domain";
import { Alert, Button, Group, Modal, PasswordInput, Stack } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { useSesion } from "../../app/session-store";
import { api } from "../../lib/api";
import { useTranslation } from "../../lib/i18n";

/** Own password change: POST /api/login/psswd {idSocio, antigua, nueva}. */
export function CambiarContrasenyaModal({
  abierto,
  alCerrar,
}: {
  abierto: boolean;
  alCerrar: () => void;
}) {
  const { t } = useTranslation();
  const { usuario } = useSesion();
  const [error, setError] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  const form = useForm({
    initialValues: { antigua: "", nueva: "", repetida: "" },
    validate: {
      antigua: (v) => (v === "" ? t("cuenta.antiguaObligatoria") : null),
      nueva: (v) => validarPassword(v),
      repetida: (v, valores) => (v === valores.nueva ? null : t("cuenta.noCoinciden")),
    },
  });

  function cerrar() {
    form.reset();
    setError(null);
    alCerrar();
  }

  async function enviar({ antigua, nueva }: { antigua: string; nueva: string }) {
    setError(null);
    setEnviando(true);
    try {
      await api.post("/login/psswd", { idSocio: usuario.socioId, antigua, nueva });
      notifications.show({
        color: "green",
        title: t("cuenta.cambiada"),
        message: t("cuenta.cambiadaTexto"),
      });
      cerrar();
    } catch (e) {
      setError(mensajeDeError(e));
    } finally {
      setEnviando(false);
    }
  }

  const toggle = { "aria-label": t("comun.verOcultarClave") };
  return (
    <Modal opened={abierto} onClose={cerrar} title={t("cuenta.cambiarPassword")} centered>
      <form onSubmit={form.onSubmit(enviar)} noValidate>
        <Stack>
          {error ? (
            <Alert role="alert" color="red" title={t("cuenta.tituloError")}>
              {error}
            </Alert>
          ) : null}
          <PasswordInput
            label={t("cuenta.antigua")}
            autoComplete="current-password"
            visibilityToggleButtonProps={toggle}
            {...form.getInputProps("antigua")}
          />
          <PasswordInput
            label={t("cuenta.nueva")}
            autoComplete="new-password"
            visibilityToggleButtonProps={toggle}
            {...form.getInputProps("nueva")}
          />
          <PasswordInput
            label={t("cuenta.repetir")}
            autoComplete="new-password"
            visibilityToggleButtonProps={toggle}
            {...form.getInputProps("repetida")}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={cerrar}>
              {t("comun.cancelar")}
            </Button>
            <Button type="submit" loading={enviando}>
              {t("comun.guardar")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
