import { Center, Loader, Tabs } from "@mantine/core";
import { type ComponentType, lazy, Suspense } from "react";
import { useSearchParams } from "react-router";
import { useTranslation } from "../../lib/i18n";
import { LibroTesoreria } from "./libro";
import { SECCIONES, type Seccion, seccionDeUrl } from "./tesoreria-logica";

// Loaded lazily by the Cuotas page (`#/productos?vista=tesoreria`) with the book; each other
// section is a chunk of its own (the budget's brings the charts).
const ExtractosSeccion = lazy(() =>
  import("./extractos").then((m) => ({ default: m.ExtractosSeccion })),
);
const PresupuestoSeccion = lazy(() =>
  import("./presupuesto").then((m) => ({ default: m.PresupuestoSeccion })),
);
const CuentasAnualesSeccion = lazy(() =>
  import("./cuentas-anuales").then((m) => ({ default: m.CuentasAnualesSeccion })),
);
const AjustesTesoreria = lazy(() =>
  import("./ajustes-tesoreria").then((m) => ({ default: m.AjustesTesoreria })),
);

const COMPONENTES: Record<Seccion, ComponentType> = {
  libro: LibroTesoreria,
  extractos: ExtractosSeccion,
  presupuesto: PresupuestoSeccion,
  "cuentas-anuales": CuentasAnualesSeccion,
  ajustes: AjustesTesoreria,
};

/**
 * «Tesorería» on the Cuotas page (board): the book, the bank statements, the budget, the year's
 * accounts and the settings, each a section in `?seccion=` (none: the book).
 */
export function TesoreriaTab() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const seccion = seccionDeUrl(params);
  return (
    <Tabs
      variant="pills"
      value={seccion}
      onChange={(s) =>
        setParams(
          s && s !== "libro" ? { vista: "tesoreria", seccion: s } : { vista: "tesoreria" },
          { replace: true },
        )
      }
      keepMounted={false}
    >
      <Tabs.List aria-label={t("tesoreria.secciones.titulo")}>
        {SECCIONES.map((s) => (
          <Tabs.Tab key={s} value={s}>
            {t(`tesoreria.secciones.${s}`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {SECCIONES.map((s) => {
        const Componente = COMPONENTES[s];
        return (
          <Tabs.Panel key={s} value={s} pt="lg">
            <Suspense
              fallback={
                <Center mih={200}>
                  <Loader aria-label={t("app.cargando")} />
                </Center>
              }
            >
              <Componente />
            </Suspense>
          </Tabs.Panel>
        );
      })}
    </Tabs>
  );
}
