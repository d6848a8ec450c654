import { useTranslation } from "../../lib/i18n";
import { AvisoEnConstruccion } from "./aviso-en-construccion";

export function EnConstruccionPage() {
  const { t } = useTranslation();
  return (
    <AvisoEnConstruccion titulo={t("enConstruccion.titulo")} texto={t("enConstruccion.texto")} />
  );
}
