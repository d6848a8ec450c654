import { NumberInput } from "@mantine/core";
import { useSearchParams } from "react-router";
import { useTranslation } from "../../lib/i18n";
import { anyoDeUrl } from "./tesoreria-logica";

/** The year in `?anyo=`, kept beside the tab's other parameters. */
export function SelectorAnyo() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const anyo = anyoDeUrl(params);
  return (
    <NumberInput
      label={t("tesoreria.anyo")}
      min={2000}
      max={2100}
      allowDecimal={false}
      allowNegative={false}
      thousandSeparator={false}
      value={anyo}
      onChange={(v) => {
        if (typeof v === "number" && v >= 2000 && v <= 2100) {
          setParams(
            (previos) => {
              const siguientes = new URLSearchParams(previos);
              siguientes.set("anyo", String(v));
              return siguientes;
            },
            { replace: true },
          );
        }
      }}
      maw={140}
    />
  );
}
