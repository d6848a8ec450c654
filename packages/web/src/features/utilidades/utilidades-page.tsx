import { Center, Loader, Stack, Tabs, Text, Title } from "@mantine/core";
import { lazy, Suspense } from "react";
import { Navigate, useSearchParams } from "react-router";
import { useSesion } from "../../app/session-store";
import { useTranslation } from "../../lib/i18n";
import { RemesasPanel } from "../remesas/remesas-panel";
import { CierreAnyoPanel } from "./cierre-anyo";
import { CopiasSeguridad } from "./copias-seguridad";
import { CorreoSalientePanel } from "./correo-saliente";
import { DatosAsociacion } from "./datos-asociacion";
import { OlvidoPanel } from "./olvido";
import { RegistroActividadPanel } from "./registro-actividad";

// The rich text editor (tiptap) of the association's texts loads when its tab is opened.
const TextosLogo = lazy(() => import("./textos-logo").then((m) => ({ default: m.TextosLogo })));
// Mailings use the same editor: their panel loads when its tab is opened too.
const EnviosPanel = lazy(() =>
  import("../envios/envios-panel").then((m) => ({ default: m.EnviosPanel })),
);

const PESTANYAS = [
  "asociacion",
  "remesas",
  "envios",
  "textos",
  "copias",
  "cierre",
  "correo",
  "actividad",
  "olvido",
] as const;
type Pestanya = (typeof PESTANYAS)[number];

/** Utilidades (administrador): the association's settings and the SEPA remittances. */
export function UtilidadesPage() {
  const { t } = useTranslation();
  const { usuario } = useSesion();
  const [params, setParams] = useSearchParams();
  const pedida = params.get("pestanya");
  const pestanya: Pestanya = PESTANYAS.includes(pedida as Pestanya)
    ? (pedida as Pestanya)
    : "remesas";

  if (usuario.rol !== "administrador") return <Navigate to="/inicio" replace />;

  return (
    <Stack gap="lg" maw={1200} mx="auto">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 26, sm: 30 }}>
          {t("utilidades.titulo")}
        </Title>
        <Text c="dimmed" size="sm">
          {t("utilidades.intro")}
        </Text>
      </Stack>
      <Tabs
        value={pestanya}
        onChange={(v) => v && setParams({ pestanya: v }, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="remesas">{t("utilidades.pestanyas.remesas")}</Tabs.Tab>
          <Tabs.Tab value="envios">{t("utilidades.pestanyas.envios")}</Tabs.Tab>
          <Tabs.Tab value="asociacion">{t("utilidades.pestanyas.asociacion")}</Tabs.Tab>
          <Tabs.Tab value="textos">{t("textosAsociacion.pestanya")}</Tabs.Tab>
          <Tabs.Tab value="copias">{t("copias.pestanya")}</Tabs.Tab>
          <Tabs.Tab value="cierre">{t("utilidades.pestanyas.cierre")}</Tabs.Tab>
          <Tabs.Tab value="correo">{t("utilidades.pestanyas.correo")}</Tabs.Tab>
          <Tabs.Tab value="actividad">{t("utilidades.pestanyas.actividad")}</Tabs.Tab>
          <Tabs.Tab value="olvido">{t("utilidades.pestanyas.olvido")}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="remesas">
          <RemesasPanel />
        </Tabs.Panel>
        <Tabs.Panel value="envios">
          <Suspense
            fallback={
              <Center py="xl">
                <Loader aria-label={t("app.cargando")} />
              </Center>
            }
          >
            <EnviosPanel />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="asociacion">
          <DatosAsociacion />
        </Tabs.Panel>
        <Tabs.Panel value="textos">
          <Suspense
            fallback={
              <Center py="xl">
                <Loader aria-label={t("app.cargando")} />
              </Center>
            }
          >
            <TextosLogo />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="copias">
          <CopiasSeguridad />
        </Tabs.Panel>
        <Tabs.Panel value="cierre">
          <CierreAnyoPanel />
        </Tabs.Panel>
        <Tabs.Panel value="correo">
          <CorreoSalientePanel />
        </Tabs.Panel>
        <Tabs.Panel value="actividad">
          <RegistroActividadPanel />
        </Tabs.Panel>
        <Tabs.Panel value="olvido">
          <OlvidoPanel />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
