import { menuPorRol } from "@fila/domain";
import {
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconKey, IconShieldLock } from "@tabler/icons-react";
import { lazy, type ReactNode, Suspense, useEffect, useMemo } from "react";
import { Link, useSearchParams } from "react-router";
import { AlVerse } from "../../app/al-verse";
import { Diferido } from "../../app/diferido";
import { Icono } from "../../app/iconos";
import { hojasDelMenu } from "../../app/menu";
import { useSesion } from "../../app/session-store";
import { useTranslation } from "../../lib/i18n";
import { AlertasHome } from "../alertas/alertas-home";
import { PARAMETRO_PRUEBA, PARAMETRO_TOTP } from "../cuenta/destino-tras-entrar";
import { NoticiasHome } from "../noticias/noticias-home";
import { ActivarNotificaciones } from "../push/activar-notificaciones";
import clases from "./homes.module.css";

// Loaded when opened: its form, password field and modal are not needed to paint the home.
const CambiarContrasenyaModal = lazy(() =>
  import("../cuenta/cambiar-contrasenya-modal").then((m) => ({
    default: m.CambiarContrasenyaModal,
  })),
);

const VerificacionDosPasosModal = lazy(() =>
  import("../cuenta/verificacion-dos-pasos-modal").then((m) => ({
    default: m.VerificacionDosPasosModal,
  })),
);

type RolDeHome = Parameters<typeof menuPorRol>[0];

type Props = {
  /** The role whose areas this home shows (an administrator may visit the user home). */
  rolDeHome: RolDeHome;
  ruta: string;
  intro: string;
  /** Summaries of the areas (next events, points…) shown above the area cards. */
  children?: ReactNode;
  /**
   * The home's own sections below a phone's first screen (the member homes: payments, escuadra,
   * lottery, featured…). With them, they and the news, alerts and area cards are drawn when
   * that place comes near the screen or at the first key pressed (`AlVerse`), not while the
   * home loads; without them (the board's home), those three in the first idle moment.
   */
  debajo?: ReactNode;
};

/** The place kept below the fold for what `AlVerse` draws there, until it is drawn. */
const ALTO_DEBAJO = 400;

/** A role's home: welcome with name and role, and a card for each area of that role's menu. */
export function HomePage({ rolDeHome, ruta, intro, children, debajo }: Props) {
  const { t } = useTranslation();
  const { usuario } = useSesion();
  const [cambiando, { open, close }] = useDisclosure(false);
  // `?totp=configurar`: an administrator who must turn two-factor codes on, right after signing in.
  const [parametros, setParametros] = useSearchParams();
  const [totpAbierto, totp] = useDisclosure(parametros.get(PARAMETRO_TOTP) === "configurar");
  // Also when the API asks for it later (403 totp_pendiente, see app.tsx) on this same page.
  const pideTotp = parametros.get(PARAMETRO_TOTP) === "configurar";
  const abrirTotp = totp.open;
  useEffect(() => {
    if (pideTotp) abrirTotp();
  }, [pideTotp, abrirTotp]);
  function cerrarTotp() {
    totp.close();
    if (parametros.has(PARAMETRO_TOTP)) setParametros({}, { replace: true });
  }
  const areas = useMemo(
    () => hojasDelMenu(menuPorRol(rolDeHome)).filter((item) => item.url !== ruta),
    [rolDeHome, ruta],
  );

  return (
    <Stack gap="xl" maw={1100} mx="auto">
      <Stack gap="xs">
        <Title order={1} className={clases.saludo}>
          {t("homes.saludo", { nombre: usuario.nombre })}
        </Title>
        <Group gap="sm">
          <Badge variant="light" size="lg">
            {t("homes.rol", { rol: t(`roles.${usuario.rol}`) })}
          </Badge>
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconKey size={16} aria-hidden />}
            onClick={open}
          >
            {t("cuenta.cambiarPassword")}
          </Button>
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconShieldLock size={16} aria-hidden />}
            onClick={totp.open}
          >
            {t("cuenta.totp.boton")}
          </Button>
        </Group>
        <Text c="dimmed">{intro}</Text>
      </Stack>

      <ActivarNotificaciones />

      {children}

      {/* Below the fold on a phone: drawn when someone scrolls near it (or presses a key), or,
          on the board's home, once what is above is on screen. */}
      {debajo === undefined ? (
        <Diferido>
          <NoticiasHome />
          <AlertasHome />
          <AreasHome areas={areas} />
        </Diferido>
      ) : (
        <AlVerse
          alto={ALTO_DEBAJO}
          conTeclado
          marcador={<span className={clases.oculto}>{t("app.cargando")}</span>}
        >
          <Stack gap="xl">
            {debajo}
            <NoticiasHome />
            <AlertasHome />
            <AreasHome areas={areas} />
          </Stack>
        </AlVerse>
      )}

      {cambiando ? (
        <Suspense fallback={null}>
          <CambiarContrasenyaModal abierto alCerrar={close} />
        </Suspense>
      ) : null}
      {totpAbierto ? (
        <Suspense fallback={null}>
          <VerificacionDosPasosModal
            abierto
            alCerrar={cerrarTotp}
            prueba={parametros.get(PARAMETRO_PRUEBA)}
          />
        </Suspense>
      ) : null}
    </Stack>
  );
}

/** A card for each area of the role's menu. */
function AreasHome({ areas }: { areas: ReturnType<typeof hojasDelMenu> }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" component="section" aria-labelledby="home-areas">
      <Title order={2} size="h3" id="home-areas">
        {t("homes.areas")}
      </Title>
      {areas.length === 0 ? (
        <Text c="dimmed">{t("homes.sinAreas")}</Text>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing={{ base: "sm", sm: "md" }}>
          {areas.map((item) => (
            <Card
              key={`${item.url}-${item.texto}`}
              component={Link}
              to={item.url}
              withBorder
              radius="md"
              padding="lg"
              shadow="xs"
            >
              <Stack gap="sm" align="flex-start">
                <ThemeIcon variant="light" size={44} radius="md">
                  <Icono nombre={item.icono} size={26} />
                </ThemeIcon>
                <Text fw={600}>{item.texto}</Text>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
