import { homeDeRol, mensajeDeError } from "@fila/domain";
import {
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconFlag } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { sesionStore, usuarioDesde } from "../../app/session-store";
import { api } from "../../lib/api";
import { useNombreAsociacion } from "../asociacion/use-textos-asociacion";

type RespuestaLogin = {
  accessToken: string;
  id: number;
  nombre: string;
  email: string;
  rol: string;
  socioId: number;
  condicionesAceptadas: "si" | "no";
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const nombre = useNombreAsociacion(t("app.nombre"));
  const [error, setError] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  const form = useForm({
    initialValues: { email: "", password: "" },
    validate: {
      email: (v) =>
        v.trim() === ""
          ? t("login.emailObligatorio")
          : EMAIL.test(v.trim())
            ? null
            : t("login.emailInvalido"),
      password: (v) => (v === "" ? t("login.passwordObligatoria") : null),
    },
  });

  async function entrar(valores: { email: string; password: string }) {
    setError(null);
    setEnviando(true);
    // SPEC §4: login first clears any previous session…
    sesionStore.limpiar();
    try {
      const { accessToken, ...datos } = await api.post<RespuestaLogin>("/login", {
        email: valores.email.trim(),
        password: valores.password,
      });
      const usuario = usuarioDesde(datos);
      sesionStore.iniciar(accessToken, usuario);
      await navigate(`/${homeDeRol(usuario.rol)}`, { replace: true });
    } catch (e) {
      // …and clears it again when it fails.
      sesionStore.limpiar();
      setError(mensajeDeError(e));
      setEnviando(false);
    }
  }

  return (
    <Center mih={{ base: "auto", sm: "80dvh" }}>
      <Paper withBorder shadow="sm" radius="md" p={{ base: "lg", sm: "xl" }} w="100%" maw={440}>
        <Stack gap="lg">
          <Stack gap={6} align="center">
            <ThemeIcon size={56} radius="xl" aria-hidden>
              <IconFlag size={32} />
            </ThemeIcon>
            <Title order={1} ta="center" fz={{ base: 26, sm: 30 }}>
              {nombre}
            </Title>
            <Text c="dimmed" ta="center">
              {t("login.subtitulo")}
            </Text>
          </Stack>

          {error ? (
            <Alert role="alert" color="red" title={t("login.tituloError")}>
              {error}
            </Alert>
          ) : null}

          <form onSubmit={form.onSubmit(entrar)} noValidate>
            <Stack>
              <TextInput
                label={t("login.email")}
                type="email"
                autoComplete="username"
                inputMode="email"
                {...form.getInputProps("email")}
              />
              <PasswordInput
                label={t("login.password")}
                autoComplete="current-password"
                visibilityToggleButtonProps={{ "aria-label": t("comun.verOcultarClave") }}
                {...form.getInputProps("password")}
              />
              <Button type="submit" fullWidth size="md" loading={enviando}>
                {t("login.entrar")}
              </Button>
            </Stack>
          </form>

          <Anchor component={Link} to="/contrasenya-olvidada" ta="center" size="sm">
            {t("login.olvidada")}
          </Anchor>
          <Group justify="center" gap="lg">
            <Anchor component={Link} to="/privacidad" size="xs" c="dimmed">
              {t("login.privacidad")}
            </Anchor>
            <Anchor component={Link} to="/condiciones" size="xs" c="dimmed">
              {t("login.condiciones")}
            </Anchor>
          </Group>
        </Stack>
      </Paper>
    </Center>
  );
}
