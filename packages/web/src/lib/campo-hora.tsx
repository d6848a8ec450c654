import "@mantine/dates/styles.css";
import { TimePicker, type TimePickerProps } from "@mantine/dates";
import { useTranslation } from "./i18n";

export type CampoHoraProps = Omit<TimePickerProps, "format" | "withSeconds" | "amPmLabels">;

/**
 * Time field shown and typed as hh:mm (24 h) whatever the browser language — a native
 * `<input type="time">` shows "09:30 PM" in an English browser. Its value in and out is the
 * `HH:mm` string the API speaks ("" when empty).
 */
export function CampoHora({
  clearable,
  required,
  hoursInputLabel,
  minutesInputLabel,
  ...resto
}: CampoHoraProps) {
  const { t } = useTranslation();
  return (
    <TimePicker
      {...resto}
      format="24h"
      withSeconds={false}
      required={required}
      clearable={clearable ?? !required}
      hoursInputLabel={hoursInputLabel ?? t("campoHora.horas")}
      minutesInputLabel={minutesInputLabel ?? t("campoHora.minutos")}
      hoursPlaceholder="hh"
      minutesPlaceholder="mm"
    />
  );
}
