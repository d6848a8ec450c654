import { mensajeDeError, validarPassword } from "@fila/domain";
import {
  Alert,
  Anchor,
  Button,
  Center,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconCircleCheck } from "@tabler/icons-react";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { api } from "../../lib/api";
import { useTranslation } from "../../lib/i18n";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function Marco({ children }: { children: React.ReactNode }) {
  return (
    <Center mih={{ base: "auto", sm: "70dvh" }}>
      <Paper withBorder shadow="sm" radius="md" p={{ base: "lg", sm: "xl" }} w="100%" maw={480}>
        <Stack gap="md">{children}</Stack>
      </Paper>
    </Center>
  );
}

function EnlaceEntrar() {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to="/login" size="sm">
      {t("comun.volverAEntrar")}
    </Anchor>
  );
}

/** Step 1: ask for the account's email; the server answers the same whether it exists or not. */
function SolicitarEnlace() {
  const { t } = useTranslation();
  const [respuesta, setRespuesta] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  const form = useForm({
    initialValues: { email: "" },
    validate: {
      email: (v) =>
        v.trim() === ""
          ? t("contrasenyaOlvidada.emailObligatorio")
          : EMAIL.test(v.trim())
            ? null
            : t("contrasenyaOlvidada.emailInvalido"),
    },
  });

  async function enviar({ email }: { email: string }) {
    setError(null);
    setEnviando(true);
    try {
      const r = await api.post<{ mensaje?: string } | null>("/login/psswdrst", {
        email: email.trim(),
      });
      setRespuesta(r?.mensaje ?? "");
    } catch (e) {
      setError(mensajeDeError(e));
    } finally {
      setEnviando(false);
    }
  }

  return (
    <Marco>
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        {t("contrasenyaOlvidada.titulo")}
      </Title>
      {respuesta !== null ? (
        <Alert
          role="status"
          color="green"
          icon={<IconCircleCheck aria-hidden />}
          title={t("contrasenyaOlvidada.enviado")}
        >
          {respuesta}
        </Alert>
      ) : (
        <>
          <Text c="dimmed">{t("contrasenyaOlvidada.explicacion")}</Text>
          {error ? (
            <Alert role="alert" color="red" title={t("contrasenyaOlvidada.tituloError")}>
              {error}
            </Alert>
          ) : null}
          <form onSubmit={form.onSubmit(enviar)} noValidate>
            <Stack>
              <TextInput
                label={t("contrasenyaOlvidada.email")}
                type="email"
                autoComplete="email"
                inputMode="email"
                {...form.getInputProps("email")}
              />
              <Button type="submit" loading={enviando}>
                {t("contrasenyaOlvidada.enviar")}
              </Button>
            </Stack>
          </form>
        </>
      )}
      <EnlaceEntrar />
    </Marco>
  );
}

/**
 * Step 2, from the emailed link (#/contrasenya-olvidada?token=…): choose the new password.
 * An invitation link (`&invitacion=1`) uses the same call, worded as activating the account.
 */
function NuevaContrasenya({ token, invitacion }: { token: string; invitacion: boolean }) {
  const { t } = useTranslation();
  const [hecho, setHecho] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  const form = useForm({
    initialValues: { nueva: "", repetida: "" },
    validate: {
      nueva: (v) => validarPassword(v),
      repetida: (v, valores) => (v === valores.nueva ? null : t("contrasenyaOlvidada.noCoinciden")),
    },
  });

  async function enviar({ nueva }: { nueva: string }) {
    setError(null);
    setEnviando(true);
    try {
      await api.post("/login/psswdrst/confirmar", { token, nueva });
      setHecho(true);
    } catch (e) {
      setError(mensajeDeError(e));
    } finally {
      setEnviando(false);
    }
  }

  if (hecho) {
    return (
      <Marco>
        <Alert role="status" color="green" icon={<IconCircleCheck aria-hidden />}>
          {t(invitacion ? "contrasenyaOlvidada.activada" : "contrasenyaOlvidada.cambiada")}
        </Alert>
        <Button component={Link} to="/login">
          {t("contrasenyaOlvidada.irAEntrar")}
        </Button>
      </Marco>
    );
  }

  return (
    <Marco>
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        {t(invitacion ? "contrasenyaOlvidada.tituloInvitacion" : "contrasenyaOlvidada.tituloNueva")}
      </Title>
      <Text c="dimmed">
        {t(
          invitacion
            ? "contrasenyaOlvidada.explicacionInvitacion"
            : "contrasenyaOlvidada.explicacionNueva",
        )}
      </Text>
      {error ? (
        <Alert role="alert" color="red" title={t("contrasenyaOlvidada.tituloError")}>
          {error}
        </Alert>
      ) : null}
      <form onSubmit={form.onSubmit(enviar)} noValidate>
        <Stack>
          <PasswordInput
            label={t("contrasenyaOlvidada.nueva")}
            autoComplete="new-password"
            visibilityToggleButtonProps={{ "aria-label": t("comun.verOcultarClave") }}
            {...form.getInputProps("nueva")}
          />
          <PasswordInput
            label={t("contrasenyaOlvidada.repetir")}
            autoComplete="new-password"
            visibilityToggleButtonProps={{ "aria-label": t("comun.verOcultarClave") }}
            {...form.getInputProps("repetida")}
          />
          <Button type="submit" loading={enviando}>
            {t(invitacion ? "contrasenyaOlvidada.activar" : "contrasenyaOlvidada.cambiar")}
          </Button>
        </Stack>
      </form>
      <EnlaceEntrar />
    </Marco>
  );
}

export function ContrasenyaOlvidadaPage() {
  const [parametros] = useSearchParams();
  const token = parametros.get("token");
  const invitacion = parametros.get("invitacion") === "1";
  return token ? (
    <NuevaContrasenya key={token} token={token} invitacion={invitacion} />
  ) : (
    <SolicitarEnlace />
  );
}
