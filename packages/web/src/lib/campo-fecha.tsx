import "@mantine/dates/styles.css";
import { DateInput, type DateInputProps } from "@mantine/dates";
import dayjs from "dayjs";
import "dayjs/locale/ca";
import "dayjs/locale/es";
import { IDIOMAS_WEB, useIdioma, useTranslation } from "./i18n";

// Spanish month and day names wherever dayjs is used: only the date fields use it, so the entry
// script does not carry it.
dayjs.locale("es");

/**
 * Date field shown and typed as dd/mm/aaaa whatever the browser language, with a Spanish
 * calendar. Its value in and out is the ISO string `YYYY-MM-DD` ("" when empty), the same a
 * native `<input type="date">` gave, so forms and API bodies stay as they are. Works with
 * `@mantine/form` `getInputProps` in controlled (`value`) and uncontrolled (`defaultValue`,
 * with `key={form.key(...)}`) mode.
 */
export type CampoFechaProps = Omit<
  DateInputProps,
  "value" | "defaultValue" | "onChange" | "valueFormat" | "dateParser" | "minDate" | "maxDate"
> & {
  value?: string | null;
  defaultValue?: string | null;
  onChange?: (valor: string) => void;
  /** Earliest date allowed, `YYYY-MM-DD`. */
  min?: string;
  /** Latest date allowed, `YYYY-MM-DD`. */
  max?: string;
};

export const FORMATO_FECHA = "DD/MM/YYYY";

const DIA_MES_ANYO = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;
const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Reads what a person typed: `d/m/aaaa` (day and month of 1–2 digits, year of 4; `/`, `-` or
 * `.` as separator) or an ISO `aaaa-mm-dd`. Returns `YYYY-MM-DD`, or null when the text is not
 * a real date (31/02/2027, 15/13/2027, 15/12/27 …).
 */
export function leerFecha(texto: string): string | null {
  const limpio = texto.trim();
  const iso = ISO.exec(limpio);
  const dma = DIA_MES_ANYO.exec(limpio);
  let partes: [number, number, number] | null = null;
  if (iso) partes = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (dma) partes = [Number(dma[3]), Number(dma[2]), Number(dma[1])];
  if (!partes) return null;
  const [anyo, mes, dia] = partes;
  const fecha = new Date(Date.UTC(anyo, mes - 1, dia));
  if (
    anyo < 1000 ||
    fecha.getUTCFullYear() !== anyo ||
    fecha.getUTCMonth() !== mes - 1 ||
    fecha.getUTCDate() !== dia
  ) {
    return null;
  }
  return `${String(anyo).padStart(4, "0")}-${String(mes).padStart(2, "0")}-${String(dia).padStart(2, "0")}`;
}

/** The ISO value as Mantine wants it: a valid `YYYY-MM-DD` or null. */
function aValor(valor: string | null | undefined): string | null {
  if (!valor) return null;
  const iso = valor.slice(0, 10);
  return dayjs(iso).isValid() ? iso : null;
}

export function CampoFecha({
  value,
  defaultValue,
  onChange,
  min,
  max,
  required,
  clearable,
  placeholder,
  ...resto
}: CampoFechaProps) {
  const { t } = useTranslation();
  const idioma = useIdioma();
  const controlado = value !== undefined;
  return (
    <DateInput
      {...resto}
      {...(controlado ? { value: aValor(value) } : { defaultValue: aValor(defaultValue) })}
      onChange={(valor) => onChange?.(valor ? valor.slice(0, 10) : "")}
      valueFormat={FORMATO_FECHA}
      dateParser={leerFecha}
      minDate={min}
      maxDate={max}
      required={required}
      clearable={clearable ?? !required}
      // Emptying the text empties the value, also in required fields (the form then says so).
      allowDeselect
      placeholder={placeholder ?? t("campoFecha.placeholder")}
      locale={IDIOMAS_WEB[idioma].locale}
    />
  );
}
