import { Button, Group, Text } from "@mantine/core";
import { IconPrinter } from "@tabler/icons-react";
import { descargarDeApi } from "../../lib/descargar";
import { type TFunction, useTranslation } from "../../lib/i18n";
import { notificarError } from "../../lib/notificar";
import type { Envio, FiltroEnvio, ResultadoEnvio } from "./use-envios";

type Traducir = TFunction;

/** Who a mailing was for, in words: «socios activos · con deuda pendiente». */
export function resumenFiltro(
  f: FiltroEnvio,
  t: Traducir,
  tipos: readonly { id: number; nombre: string }[],
): string {
  const partes: string[] = [];
  if (f.activo === true) partes.push(t("envios.resumen.activos"));
  if (f.activo === false) partes.push(t("envios.resumen.inactivos"));
  if (f.tipo !== undefined) {
    const nombre = tipos.find((x) => x.id === f.tipo)?.nombre ?? String(f.tipo);
    partes.push(t("envios.resumen.tipo", { tipo: nombre }));
  }
  if (f.sexo) partes.push(t(`socios.sexo.${f.sexo}`));
  if (f.edadMin !== undefined && f.edadMax !== undefined)
    partes.push(t("envios.resumen.edadEntre", { min: f.edadMin, max: f.edadMax }));
  else if (f.edadMin !== undefined) partes.push(t("envios.resumen.edadDesde", { min: f.edadMin }));
  else if (f.edadMax !== undefined) partes.push(t("envios.resumen.edadHasta", { max: f.edadMax }));
  if (f.conDeuda) partes.push(t("envios.resumen.conDeuda"));
  if (f.sinCuenta) partes.push(t("envios.resumen.sinCuenta"));
  if (f.idActo !== undefined) partes.push(t("envios.resumen.acto", { id: f.idActo }));
  if (f.idsSocio && f.idsSocio.length > 0)
    partes.push(t("envios.resumen.aMano", { count: f.idsSocio.length }));
  if (f.idsGrupo && f.idsGrupo.length > 0)
    partes.push(t("envios.resumen.grupos", { count: f.idsGrupo.length }));
  return partes.length > 0 ? partes.join(" · ") : t("envios.resumen.todos");
}

/** Sent, failed, skipped and without email, as the history and the job's result show them. */
export function CuentasEnvio({ envio }: { envio: ResultadoEnvio }) {
  const { t } = useTranslation();
  return (
    <Group gap="lg" data-testid="cuentas-envio">
      <Text size="sm">{t("envios.cuentas.enviados", { count: envio.enviados })}</Text>
      <Text size="sm" c={envio.fallidos > 0 ? "red.9" : undefined}>
        {t("envios.cuentas.fallidos", { count: envio.fallidos })}
      </Text>
      <Text size="sm">{t("envios.cuentas.omitidos", { count: envio.omitidos })}</Text>
      <Text size="sm">{t("envios.cuentas.sinEmail", { count: envio.sinEmail })}</Text>
    </Group>
  );
}

/** The letters of a mailing (PDF): those without email, or one for every recipient. */
export function BotonesCartas({ envio }: { envio: Pick<Envio, "id" | "sinEmail"> }) {
  const { t } = useTranslation();
  async function bajar(todos: boolean) {
    const ruta = `/envios/${envio.id}/cartas.pdf${todos ? "?todos=1" : ""}`;
    try {
      await descargarDeApi(ruta, `cartas-envio-${envio.id}.pdf`);
    } catch (e) {
      notificarError(e, t("envios.cartas.error"));
    }
  }
  return (
    <Group gap="xs">
      {envio.sinEmail > 0 ? (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPrinter size={16} aria-hidden />}
          onClick={() => void bajar(false)}
        >
          {t("envios.cartas.sinEmail", { count: envio.sinEmail })}
        </Button>
      ) : null}
      <Button
        size="xs"
        variant="default"
        leftSection={<IconPrinter size={16} aria-hidden />}
        onClick={() => void bajar(true)}
      >
        {t("envios.cartas.todos")}
      </Button>
    </Group>
  );
}
