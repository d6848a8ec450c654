import { useTranslation } from "../../lib/i18n";
import { ResumenActosHome } from "../actos/resumen-actos-home";
import { DestacadosHome } from "../mercadillo/destacados-home";
import { PagosPendientesHome } from "../pagos/pagos-pendientes-home";
import { HomePage } from "./home-page";
import { MiCarnet } from "./mi-carnet";

export function UserHomePage() {
  const { t } = useTranslation();
  return (
    <HomePage rolDeHome="usuario" ruta="/user-home" intro={t("homes.introUsuario")}>
      <MiCarnet />
      <ResumenActosHome />
      <PagosPendientesHome />
      <DestacadosHome />
    </HomePage>
  );
}
