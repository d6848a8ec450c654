import type { ComponentType } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { AvisoEnConstruccion } from "./aviso-en-construccion";

/** The page of an area that arrives in a later version: its title and a friendly notice. */
export function AreaEnConstruccion({ area }: { area: string }) {
  const { t } = useTranslation();
  const { id } = useParams();
  const clave = area === "ficha" && id === "0" ? "misDatos" : area;
  return (
    <AvisoEnConstruccion titulo={t(`areas.${clave}`)} texto={t("enConstruccion.areaProxima")} />
  );
}

export function paginaDeArea(area: string): ComponentType {
  const Pagina = () => <AreaEnConstruccion area={area} />;
  Pagina.displayName = `AreaEnConstruccion(${area})`;
  return Pagina;
}
