import { lazy, Suspense } from "react";
import type { ConsultasAlAbrir } from "../../app/datos-al-abrir";
import { Diferido } from "../../app/diferido";
import { useTranslation } from "../../lib/i18n";
import { ResumenActosHome } from "../actos/resumen-actos-home";
import { consultaMisActos, consultaMisPuntos } from "../actos/use-actos";
import { DestacadosHome } from "../mercadillo/destacados-home";
import { PagosPendientesHome } from "../pagos/pagos-pendientes-home";
import { consultaMiCarnet } from "../socios/use-socios";
import { HomePage } from "./home-page";
import { MiCarnet } from "./mi-carnet";

// While a lottery is open: its own chunk, asked for once the rest of the home is drawn.
const LoteriaHome = lazy(() =>
  import("../loteria/loteria-home").then((m) => ({ default: m.LoteriaHome })),
);
// My escuadra and its cabo this year (issue 49): its own chunk too, after the first paint.
const EscuadraHome = lazy(() =>
  import("../estructura/escuadra-home").then((m) => ({ default: m.EscuadraHome })),
);

/** What the top of the home shows: the carnet, the points and the next events. */
export const consultasAlAbrir: ConsultasAlAbrir = () => [
  consultaMiCarnet(),
  consultaMisPuntos(),
  consultaMisActos(),
];

export function SocioHomePage() {
  const { t } = useTranslation();
  return (
    <HomePage rolDeHome="socio" ruta="/socio-home" intro={t("homes.introSocio")}>
      <MiCarnet />
      <ResumenActosHome />
      {/* At the bottom of a phone's screen or below it: drawn once the rest is there. */}
      <Diferido>
        <PagosPendientesHome />
        <Suspense fallback={null}>
          <EscuadraHome />
        </Suspense>
        <Suspense fallback={null}>
          <LoteriaHome />
        </Suspense>
        <DestacadosHome />
      </Diferido>
    </HomePage>
  );
}
