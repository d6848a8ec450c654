import { ErrorHttp, homeDeRol, leerUsuarioSesion, mensajeDeError } from "@fila/domain";
import {
  Alert,
  Anchor,
  Button,
  Center,
  Divider,
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
import { IconFlag, IconLogin2 } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { sesionStore } from "../../app/session-store";
import { API_URL, api } from "../../lib/api";
import { useTranslation } from "../../lib/i18n";
import { useNombreAsociacion } from "../asociacion/use-textos-asociacion";
import { destinoTrasEntrar, sigueDondeEntro } from "../cuenta/destino-tras-entrar";
import { idiomaAlEntrar } from "../idioma/idioma";
import { SelectorIdioma } from "../idioma/selector-idioma";

type RespuestaLogin = {
  accessToken: string;
  id: number;
  nombre: string;
  email: string;
  rol: string;
  socioId: number;
  condicionesAceptadas: "si" | "no";
  idioma: "es" | "va";
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The account has TOTP on: the sign-in waits for its code. */
const pideCodigo = (e: unknown) =>
  e instanceof ErrorHttp && (e.cuerpo as { error?: unknown } | null)?.error === "codigo_requerido";

type Proveedor = { activo: boolean; etiqueta: string };

/** How the pending sign-in finishes once the code is typed: password or provider. */
type Pendiente =
  | { tipo: "password"; email: string; password: string }
  | { tipo: "oidc"; vale: string };

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const nombre = useNombreAsociacion(t("app.nombre"));
  const [parametros] = useSearchParams();
  const [error, setError] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  const [pendiente, setPendiente] = useState<Pendiente | null>(null);
  const [proveedor, setProveedor] = useState<Proveedor | null>(null);
  const canjeado = useRef(false);
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
  const formCodigo = useForm({
    initialValues: { codigo: "" },
    validate: { codigo: (v) => (v.trim() === "" ? t("login.codigoObligatorio") : null) },
  });

  useEffect(() => {
    api
      .get<Proveedor>("/login/oidc")
      .then(setProveedor)
      .catch(() => setProveedor(null));
  }, []);

  async function completar(pedido: Pendiente, codigo?: string) {
    setError(null);
    setEnviando(true);
    // SPEC §4: login first clears any previous session…
    sesionStore.limpiar();
    try {
      const cuerpoCodigo = codigo ? { codigo } : {};
      const { accessToken, ...datos } =
        pedido.tipo === "password"
          ? await api.post<RespuestaLogin>("/login", {
              email: pedido.email,
              password: pedido.password,
              ...cuerpoCodigo,
            })
          : await api.post<RespuestaLogin>("/login/oidc", { vale: pedido.vale, ...cuerpoCodigo });
      const usuario = leerUsuarioSesion(datos);
      sesionStore.iniciar(accessToken, usuario);
      await idiomaAlEntrar(usuario.idioma);
      const home = `/${homeDeRol(usuario.rol)}`;
      const destino = await destinoTrasEntrar(usuario.rol, home);
      // The app already shows the home: only a destination other than where the person now
      // is (the two-factor setup) moves them, and never away from a page they opened meanwhile.
      if (sigueDondeEntro(home, ["/", "/login"])) await navigate(destino, { replace: true });
    } catch (e) {
      // …and clears it again when it fails.
      sesionStore.limpiar();
      if (!codigo && pideCodigo(e)) setPendiente(pedido);
      else setError(mensajeDeError(e));
      setEnviando(false);
    }
  }

  // Back from the provider: the one-time code leaves the address at once, then is exchanged.
  const vale = parametros.get("oidc");
  const motivo = parametros.get("oidcError");
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the address brings them
  useEffect(() => {
    if (motivo) {
      setError(t([`login.oidc.${motivo}`, "login.oidc.desconocido"]));
      void navigate("/login", { replace: true });
    } else if (vale && !canjeado.current) {
      canjeado.current = true;
      void navigate("/login", { replace: true });
      void completar({ tipo: "oidc", vale });
    }
  }, [vale, motivo]);

  const entrar = (valores: { email: string; password: string }) =>
    completar({ tipo: "password", email: valores.email.trim(), password: valores.password });

  const verificar = ({ codigo }: { codigo: string }) =>
    pendiente ? completar(pendiente, codigo.trim()) : undefined;

  function volver() {
    setPendiente(null);
    setError(null);
    formCodigo.reset();
  }

  return (
    <Center mih={{ base: "auto", sm: "80dvh" }}>
      <Paper withBorder shadow="sm" radius="md" p={{ base: "lg", sm: "xl" }} w="100%" maw={440}>
        <Stack gap="lg">
          <SelectorIdioma />
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

          {pendiente ? (
            <form onSubmit={formCodigo.onSubmit(verificar)} noValidate>
              <Stack>
                <Text>{t("login.codigoPedido")}</Text>
                <TextInput
                  label={t("login.codigo")}
                  description={t("login.codigoAyuda")}
                  autoComplete="one-time-code"
                  inputMode="text"
                  autoFocus
                  {...formCodigo.getInputProps("codigo")}
                />
                <Button type="submit" fullWidth size="md" loading={enviando}>
                  {t("login.verificar")}
                </Button>
                <Button variant="subtle" onClick={volver}>
                  {t("login.volver")}
                </Button>
              </Stack>
            </form>
          ) : (
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
                {proveedor?.activo ? (
                  <>
                    <Divider label={t("login.o")} labelPosition="center" />
                    <Button
                      component="a"
                      href={`${API_URL}/login/oidc/inicio`}
                      variant="default"
                      fullWidth
                      size="md"
                      leftSection={<IconLogin2 size={18} aria-hidden />}
                    >
                      {t("login.entrarCon", { proveedor: proveedor.etiqueta })}
                    </Button>
                  </>
                ) : null}
              </Stack>
            </form>
          )}

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
