import { lazy, Suspense } from "react";
import { DestacadosHome } from "../mercadillo/destacados-home";
import { PagosPendientesHome } from "../pagos/pagos-pendientes-home";

// During a general assembly: the voting card, in its own chunk.
const MisAsambleas = lazy(() =>
  import("../asamblea/mi-asamblea").then((m) => ({ default: m.MisAsambleas })),
);

// While a lottery is open: its own chunk.
const LoteriaHome = lazy(() =>
  import("../loteria/loteria-home").then((m) => ({ default: m.LoteriaHome })),
);
// My escuadra and its cabo this year (issue 49): its own chunk too.
const EscuadraHome = lazy(() =>
  import("../estructura/escuadra-home").then((m) => ({ default: m.EscuadraHome })),
);

/**
 * The member homes' (socio and usuario) sections below a phone's first screen: HomePage draws
 * them, with the news, alerts and area cards, when that place comes near the screen.
 */
export function SeccionesDebajo() {
  return (
    <>
      <Suspense fallback={null}>
        <MisAsambleas />
      </Suspense>
      <PagosPendientesHome />
      <Suspense fallback={null}>
        <EscuadraHome />
      </Suspense>
      <Suspense fallback={null}>
        <LoteriaHome />
      </Suspense>
      <DestacadosHome />
    </>
  );
}
