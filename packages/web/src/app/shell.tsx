import { homeDeRol, menuPorRol } from "@fila/domain";
import {
  AppShell,
  Box,
  Burger,
  Button,
  Group,
  Progress,
  Text,
  ThemeIcon,
  UnstyledButton,
  VisuallyHidden,
} from "@mantine/core";
import { useDisclosure, useMediaQuery } from "@mantine/hooks";
import { IconFlag, IconLogout } from "@tabler/icons-react";
import { type ReactNode, useMemo, useState } from "react";
import { Link } from "react-router";
import { CampanaAlertas } from "../features/alertas/campana-alertas";
import {
  useNombreAsociacion,
  useTextosAsociacion,
} from "../features/asociacion/use-textos-asociacion";
import { SelectorIdioma } from "../features/idioma/selector-idioma";
import { SinConexionBanner } from "../features/pwa/sin-conexion-banner";
import { useTranslation } from "../lib/i18n";
import { useQuitarArranque } from "./arranque";
import { usePaginaCargando } from "./carga-pagina";
import { MenuPrincipal } from "./menu-principal";
import { useSesion } from "./session-store";
import { useCerrarSesion } from "./use-cerrar-sesion";

/**
 * The signed-in layout: header with the association's name, the user's name, "Cerrar sesión"
 * and the "Menú" button; the role menu lives in the aside on the end (right) side. The menu
 * starts closed on every screen and the button toggles it.
 */
export function Shell({ children, conMenu = true }: { children: ReactNode; conMenu?: boolean }) {
  const { t } = useTranslation();
  const { usuario } = useSesion();
  const nombreAsociacion = useNombreAsociacion(t("app.nombre"));
  const logo = useTextosAsociacion().data?.logo ?? null;
  const [abierto, { toggle, close }] = useDisclosure(false);
  // Read while rendering, not in an effect: a second render of the whole frame saved.
  const esMovil = useMediaQuery("(max-width: 48em)", undefined, { getInitialValueInEffect: false });
  const cerrarSesion = useCerrarSesion();
  const [saliendo, setSaliendo] = useState(false);
  const paginaCargando = usePaginaCargando();
  useQuitarArranque();

  // Rebuilt whenever the current user (its role) changes.
  const menu = useMemo(() => menuPorRol(usuario.rol), [usuario.rol]);
  const home = `/${homeDeRol(usuario.rol)}`;
  const menuVisible = conMenu && abierto;

  return (
    <AppShell
      header={{ height: 60 }}
      aside={{
        width: 290,
        breakpoint: "sm",
        collapsed: { mobile: !menuVisible, desktop: !menuVisible },
      }}
      padding={{ base: "sm", sm: "lg" }}
    >
      <AppShell.Header>
        {paginaCargando ? (
          <Progress
            value={100}
            aria-label={t("app.cargando")}
            animated
            size="xs"
            radius={0}
            pos="absolute"
            top={0}
            left={0}
            right={0}
          />
        ) : null}
        <Group
          h="100%"
          px={{ base: "sm", sm: "md" }}
          justify="space-between"
          wrap="nowrap"
          gap="xs"
        >
          <UnstyledButton component={Link} to={conMenu ? home : "/condiciones"} miw={0}>
            <Group gap="xs" wrap="nowrap">
              {logo ? (
                <img src={logo} alt="" height={36} style={{ maxWidth: 96, objectFit: "contain" }} />
              ) : (
                <ThemeIcon size="lg" radius="md" aria-hidden>
                  <IconFlag size={20} />
                </ThemeIcon>
              )}
              <Text fw={700} size="lg" truncate="end">
                {nombreAsociacion}
                {/* The link's name starts with the text it shows (WCAG 2.5.3). */}
                <VisuallyHidden>{` — ${t("shell.inicio")}`}</VisuallyHidden>
              </Text>
            </Group>
          </UnstyledButton>
          <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
            <Text size="sm" c="dimmed" visibleFrom="sm" lineClamp={1} maw={220}>
              {usuario.nombre}
            </Text>
            {conMenu ? <CampanaAlertas /> : null}
            <Button
              variant="subtle"
              color="gray"
              size="compact-sm"
              leftSection={<IconLogout size={18} aria-hidden />}
              loading={saliendo}
              aria-label={t("shell.cerrarSesion")}
              onClick={async () => {
                setSaliendo(true);
                await cerrarSesion();
              }}
            >
              {/* On a phone only the icon fits next to the bell and the menu button. */}
              <Box component="span" visibleFrom="xs">
                {t("shell.cerrarSesion")}
              </Box>
            </Button>
            {conMenu ? (
              <Burger
                opened={abierto}
                onClick={toggle}
                aria-label={t("shell.menu")}
                aria-expanded={abierto}
                aria-controls="menu-lateral"
                size="sm"
              />
            ) : null}
          </Group>
        </Group>
      </AppShell.Header>

      {conMenu ? (
        <AppShell.Aside id="menu-lateral" p="sm" inert={!menuVisible}>
          {menuVisible ? (
            <Box style={{ overflowY: "auto" }}>
              <Text size="sm" c="dimmed" hiddenFrom="sm" px="sm" pb="xs">
                {usuario.nombre}
              </Text>
              <MenuPrincipal items={menu} alElegir={esMovil ? close : undefined} />
              <Box pt="md" pb="xs">
                <SelectorIdioma />
              </Box>
            </Box>
          ) : null}
        </AppShell.Aside>
      ) : null}

      <AppShell.Main>
        <SinConexionBanner />
        {children}
      </AppShell.Main>
    </AppShell>
  );
}
