import { expect, type Locator } from "@playwright/test";

/** A date as people see and type it: dd/mm/aaaa. */
export function fechaEnPantalla(fecha: Date): string {
  const dd = String(fecha.getDate()).padStart(2, "0");
  const mm = String(fecha.getMonth() + 1).padStart(2, "0");
  return `${dd}/${mm}/${fecha.getFullYear()}`;
}

/**
 * Types a date (dd/mm/aaaa) into one of the app's date fields and leaves the field, which
 * closes its calendar; the field then shows the date as typed.
 */
export async function escribirFecha(campo: Locator, fecha: string): Promise<void> {
  await campo.fill(fecha);
  await campo.blur();
  await expect(campo).toHaveValue(fecha);
}

/**
 * Types a time (hh:mm, 24 h) into one of the app's time fields, which has one box for the
 * hours and one for the minutes inside `contenedor` (the form).
 */
export async function escribirHora(contenedor: Locator, hora: string): Promise<void> {
  const [hh = "", mm = ""] = hora.split(":");
  const horas = contenedor.getByRole("spinbutton", { name: "Horas" });
  const minutos = contenedor.getByRole("spinbutton", { name: "Minutos" });
  await horas.fill(hh);
  await minutos.fill(mm);
  await expect(horas).toHaveValue(hh);
  await expect(minutos).toHaveValue(mm);
}
