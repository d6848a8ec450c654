import type { Talonario } from "@fila/domain";
import {
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "../../lib/i18n";
import { importe } from "../pagos/pagos-logica";
import { AvisoError } from "./aviso-error";
import { type EntradaLiquidacion, leerSeries, previaLiquidacion } from "./loteria-logica";
import { useMutacionesLoteria } from "./use-loteria";

type Modo = "vendidas" | "devueltas";

/** What settling needs of a talonario (the board's rows and «mis talonarios» both have it). */
type TalonarioALiquidar = Pick<
  Talonario,
  "id" | "idLoteria" | "serieDesde" | "serieHasta" | "participaciones" | "anuladas"
>;

/**
 * Settling a talonario (its holder from the phone, or the board): how many were sold, or which
 * serials come back. Shows what the charge will be before sending; the server has the last word.
 */
export function LiquidarModal({
  talonario,
  precio,
  alCerrar,
  alLiquidar,
}: {
  /** The talonario to settle; null: closed. */
  talonario: TalonarioALiquidar | null;
  /** A participation's price (amount played + donativo), euros. */
  precio: number;
  alCerrar: () => void;
  alLiquidar?: (t: Talonario) => void;
}) {
  const { t } = useTranslation();
  const { liquidar } = useMutacionesLoteria();
  const [modo, setModo] = useState<Modo>("vendidas");
  const [vendidas, setVendidas] = useState<number | string>("");
  const [series, setSeries] = useState("");
  const [error, setError] = useState<unknown>(null);
  const [errorCampo, setErrorCampo] = useState<string | null>(null);

  useEffect(() => {
    if (!talonario) return;
    setModo("vendidas");
    setVendidas("");
    setSeries("");
    setError(null);
    setErrorCampo(null);
  }, [talonario]);

  if (!talonario) return null;
  const rango = `${talonario.serieDesde}–${talonario.serieHasta}`;

  /** The body to send, or a sentence saying what is wrong with what was typed. */
  function entrada(): EntradaLiquidacion | string {
    if (!talonario) return "";
    if (modo === "vendidas") {
      if (typeof vendidas !== "number" || !Number.isInteger(vendidas) || vendidas < 0) {
        return t("loteria.liquidar.errorVendidas");
      }
      if (vendidas > talonario.participaciones) {
        return t("loteria.liquidar.errorDemasiadas", { n: talonario.participaciones });
      }
      return { vendidas };
    }
    const leidas = leerSeries(series, talonario);
    if ("error" in leidas) {
      return leidas.error === "fuera"
        ? t("loteria.liquidar.errorFuera", { serie: leidas.texto, rango })
        : t("loteria.liquidar.errorFormato", { texto: leidas.texto });
    }
    return { devueltas: leidas.series };
  }

  const actual = entrada();
  const previa = typeof actual === "string" ? null : previaLiquidacion(talonario, precio, actual);

  async function enviar(e: React.FormEvent) {
    e.preventDefault();
    if (!talonario) return;
    if (typeof actual === "string") {
      setErrorCampo(actual);
      return;
    }
    setErrorCampo(null);
    setError(null);
    try {
      const hecho = await liquidar.mutateAsync({ t: talonario, datos: actual });
      alLiquidar?.(hecho);
      alCerrar();
    } catch (err) {
      setError(err);
    }
  }

  return (
    <Modal opened onClose={alCerrar} title={t("loteria.liquidar.titulo", { rango })} centered>
      <form onSubmit={enviar} noValidate>
        <Stack>
          <Text size="sm">
            {t("loteria.liquidar.intro", {
              n: talonario.participaciones,
              precio: importe(precio),
            })}
          </Text>
          <SegmentedControl
            fullWidth
            value={modo}
            onChange={(v) => {
              setModo(v as Modo);
              setErrorCampo(null);
            }}
            data={[
              { value: "vendidas", label: t("loteria.liquidar.porVendidas") },
              { value: "devueltas", label: t("loteria.liquidar.porDevueltas") },
            ]}
          />
          {modo === "vendidas" ? (
            <NumberInput
              label={t("loteria.liquidar.vendidas")}
              description={t("loteria.liquidar.vendidasAyuda")}
              min={0}
              max={talonario.participaciones}
              allowDecimal={false}
              allowNegative={false}
              inputMode="numeric"
              value={vendidas}
              onChange={setVendidas}
              error={errorCampo}
              data-autofocus
            />
          ) : (
            <TextInput
              label={t("loteria.liquidar.devueltas")}
              description={t("loteria.liquidar.devueltasAyuda", { rango })}
              placeholder={`${talonario.serieHasta - 2}-${talonario.serieHasta}`}
              value={series}
              onChange={(e) => setSeries(e.currentTarget.value)}
              error={errorCampo}
              data-autofocus
            />
          )}
          {previa ? (
            <Alert color="blue" role="status" data-testid="previa-liquidacion">
              {t("loteria.liquidar.previa", {
                vendidas: previa.vendidas,
                devueltas: previa.devueltas,
                total: importe(previa.total),
              })}
            </Alert>
          ) : null}
          <AvisoError error={error} titulo={t("loteria.liquidar.error")} />
          <Group justify="flex-end">
            <Button variant="default" onClick={alCerrar}>
              {t("comun.cancelar")}
            </Button>
            <Button type="submit" loading={liquidar.isPending}>
              {t("loteria.liquidar.confirmar")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
