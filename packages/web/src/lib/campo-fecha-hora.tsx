import { Group, Input } from "@mantine/core";
import type { ReactNode } from "react";
import { CampoFecha } from "./campo-fecha";
import { CampoHora } from "./campo-hora";
import { useTranslation } from "./i18n";

export type CampoFechaHoraProps = {
  label: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  /** `YYYY-MM-DDTHH:mm` (local time, as a native datetime-local gave), "" when empty. */
  value?: string;
  onChange?: (valor: string) => void;
};

/**
 * A day and a time, shown and typed as dd/mm/aaaa and hh:mm whatever the browser's language (a
 * native `<input type="datetime-local">` follows it). Its value in and out is the
 * `YYYY-MM-DDTHH:mm` string that field gave, so forms and API bodies stay as they are; a day
 * without an hour yet is kept as `YYYY-MM-DDT`. Works with `@mantine/form` `getInputProps`.
 */
export function CampoFechaHora({
  label,
  description,
  error,
  required,
  value = "",
  onChange,
}: CampoFechaHoraProps) {
  const { t } = useTranslation();
  const [fecha = "", hora = ""] = value.split("T");
  // Named after the field: a form may have several (the event's hour and its turns).
  const nombre = typeof label === "string" ? label : "";
  const cambiar = (f: string, h: string) => onChange?.(f === "" && h === "" ? "" : `${f}T${h}`);
  return (
    <Input.Wrapper label={label} description={description} error={error} required={required}>
      <Group gap="xs" wrap="nowrap" mt={4}>
        <CampoFecha
          aria-label={typeof label === "string" ? label : undefined}
          value={fecha || null}
          onChange={(f) => cambiar(f, hora)}
          required={required}
          w={150}
          error={Boolean(error)}
        />
        <CampoHora
          hoursInputLabel={nombre ? t("campoFechaHora.hora", { campo: nombre }) : undefined}
          minutesInputLabel={nombre ? t("campoFechaHora.minuto", { campo: nombre }) : undefined}
          value={hora}
          onChange={(h) => cambiar(fecha, h)}
          required={required}
          error={Boolean(error)}
        />
      </Group>
    </Input.Wrapper>
  );
}
