import type { ConsultasAlAbrir } from "../../app/datos-al-abrir";
import { useTranslation } from "../../lib/i18n";
import { ResumenActosHome } from "../actos/resumen-actos-home";
import { consultaMisActos, consultaMisPuntos } from "../actos/use-actos";
import { consultaMiCarnet } from "../socios/use-socios";
import { HomePage } from "./home-page";
import { MiCarnet } from "./mi-carnet";
import { SeccionesDebajo } from "./secciones-debajo";

/** What the top of the home shows: the carnet, the points and the next events. */
export const consultasAlAbrir: ConsultasAlAbrir = () => [
  consultaMiCarnet(),
  consultaMisPuntos(),
  consultaMisActos(),
];

export function SocioHomePage() {
  const { t } = useTranslation();
  return (
    <HomePage
      rolDeHome="socio"
      ruta="/socio-home"
      intro={t("homes.introSocio")}
      debajo={<SeccionesDebajo />}
    >
      <MiCarnet />
      <ResumenActosHome />
    </HomePage>
  );
}
