import type { Loteria, Talonario } from "@fila/domain";
import {
  Button,
  Group,
  Modal,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "../../lib/i18n";
import { SelectorSocio } from "../socios/selector-socio";
import { AvisoError } from "./aviso-error";
import { useMutacionesLoteria } from "./use-loteria";

const EURO = { decimalSeparator: ",", decimalScale: 2, allowNegative: false, suffix: " €" };

/** A modal with a form: its fields, the API's error and Cancel / confirm. */
function ModalFormulario({
  abierto,
  titulo,
  alCerrar,
  alEnviar,
  enviando,
  error,
  textoError,
  confirmar,
  colorConfirmar,
  children,
}: {
  abierto: boolean;
  titulo: string;
  alCerrar: () => void;
  alEnviar: () => Promise<void>;
  enviando: boolean;
  error: unknown;
  textoError: string;
  confirmar: string;
  colorConfirmar?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={abierto} onClose={alCerrar} title={titulo} centered>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void alEnviar();
        }}
      >
        <Stack>
          {children}
          <AvisoError error={error} titulo={textoError} />
          <Group justify="flex-end">
            <Button variant="default" onClick={alCerrar}>
              {t("comun.cancelar")}
            </Button>
            <Button type="submit" loading={enviando} color={colorConfirmar}>
              {confirmar}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Issues `cantidad` talonarios of `participaciones` each, to a member or kept by the board. */
export function EmitirModal({
  loteria,
  abierto,
  alCerrar,
}: {
  loteria: Loteria;
  abierto: boolean;
  alCerrar: () => void;
}) {
  const { t } = useTranslation();
  const { emitir } = useMutacionesLoteria();
  const [cantidad, setCantidad] = useState<number | string>(1);
  const [participaciones, setParticipaciones] = useState<number | string>(50);
  const [idSocio, setIdSocio] = useState<number | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [apertura, setApertura] = useState(0);

  useEffect(() => {
    if (!abierto) return;
    setCantidad(1);
    setParticipaciones(50);
    setIdSocio(null);
    setError(null);
    setApertura((n) => n + 1);
  }, [abierto]);

  const total =
    typeof cantidad === "number" && typeof participaciones === "number"
      ? cantidad * participaciones
      : null;

  return (
    <ModalFormulario
      abierto={abierto}
      titulo={t("loteria.emitir.titulo")}
      alCerrar={alCerrar}
      enviando={emitir.isPending}
      error={error}
      textoError={t("loteria.emitir.error")}
      confirmar={t("loteria.emitir.confirmar")}
      alEnviar={async () => {
        setError(null);
        try {
          const r = await emitir.mutateAsync({
            id: loteria.id,
            datos: {
              cantidad: Number(cantidad),
              participaciones: Number(participaciones),
              idSocio,
            },
          });
          notifications.show({
            color: "green",
            message: t("loteria.emitir.hecho", { count: r.items.length }),
          });
          alCerrar();
        } catch (err) {
          setError(err);
        }
      }}
    >
      <Text size="sm">
        {t("loteria.emitir.disponibles", { n: loteria.contadores.disponibles })}
      </Text>
      <SimpleGrid cols={2} spacing="sm">
        <NumberInput
          label={t("loteria.emitir.cantidad")}
          min={1}
          allowDecimal={false}
          allowNegative={false}
          value={cantidad}
          onChange={setCantidad}
          data-autofocus
        />
        <NumberInput
          label={t("loteria.emitir.participaciones")}
          min={1}
          allowDecimal={false}
          allowNegative={false}
          value={participaciones}
          onChange={setParticipaciones}
        />
      </SimpleGrid>
      {total !== null ? (
        <Text size="sm" c={total > loteria.contadores.disponibles ? "red" : "dimmed"}>
          {t("loteria.emitir.total", { n: total })}
        </Text>
      ) : null}
      <SelectorSocio
        key={apertura}
        label={t("loteria.emitir.titular")}
        valorInicial={null}
        actual={null}
        onChange={setIdSocio}
      />
      <Text size="xs" c="dimmed">
        {t("loteria.emitir.titularAyuda")}
      </Text>
    </ModalFormulario>
  );
}

/** Gives a talonario to a member, or back to the board (nobody chosen). */
export function AsignarModal({
  talonario,
  alCerrar,
}: {
  talonario: Talonario | null;
  alCerrar: () => void;
}) {
  const { t } = useTranslation();
  const { asignar } = useMutacionesLoteria();
  const [idSocio, setIdSocio] = useState<number | null>(null);
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    setIdSocio(talonario?.socio?.id ?? null);
    setError(null);
  }, [talonario]);

  if (!talonario) return null;
  return (
    <ModalFormulario
      abierto
      titulo={t("loteria.asignar.titulo", {
        rango: `${talonario.serieDesde}–${talonario.serieHasta}`,
      })}
      alCerrar={alCerrar}
      enviando={asignar.isPending}
      error={error}
      textoError={t("loteria.asignar.error")}
      confirmar={t("loteria.asignar.confirmar")}
      alEnviar={async () => {
        setError(null);
        try {
          await asignar.mutateAsync({ t: talonario, datos: { idSocio } });
          alCerrar();
        } catch (err) {
          setError(err);
        }
      }}
    >
      <SelectorSocio
        key={talonario.id}
        label={t("loteria.emitir.titular")}
        valorInicial={talonario.socio?.id ?? null}
        actual={talonario.socio}
        onChange={setIdSocio}
      />
      <Text size="xs" c="dimmed">
        {t("loteria.emitir.titularAyuda")}
      </Text>
    </ModalFormulario>
  );
}

/** Annuls a range of a talonario's serials (lost, stolen) with the reason. */
export function AnularModal({
  talonario,
  alCerrar,
}: {
  talonario: Talonario | null;
  alCerrar: () => void;
}) {
  const { t } = useTranslation();
  const { anular } = useMutacionesLoteria();
  const [desde, setDesde] = useState<number | string>("");
  const [hasta, setHasta] = useState<number | string>("");
  const [motivo, setMotivo] = useState("");
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    setDesde(talonario?.serieDesde ?? "");
    setHasta(talonario?.serieHasta ?? "");
    setMotivo("");
    setError(null);
  }, [talonario]);

  if (!talonario) return null;
  const rango = `${talonario.serieDesde}–${talonario.serieHasta}`;
  return (
    <ModalFormulario
      abierto
      titulo={t("loteria.anular.titulo", { rango })}
      alCerrar={alCerrar}
      enviando={anular.isPending}
      error={error}
      textoError={t("loteria.anular.error")}
      confirmar={t("loteria.anular.confirmar")}
      colorConfirmar="red"
      alEnviar={async () => {
        setError(null);
        try {
          await anular.mutateAsync({
            t: talonario,
            datos: { desde: Number(desde), hasta: Number(hasta), motivo: motivo.trim() },
          });
          notifications.show({ color: "green", message: t("loteria.anular.hecho") });
          alCerrar();
        } catch (err) {
          setError(err);
        }
      }}
    >
      <Text size="sm">{t("loteria.anular.intro")}</Text>
      <SimpleGrid cols={2} spacing="sm">
        <NumberInput
          label={t("loteria.anular.desde")}
          min={talonario.serieDesde}
          max={talonario.serieHasta}
          allowDecimal={false}
          allowNegative={false}
          value={desde}
          onChange={setDesde}
        />
        <NumberInput
          label={t("loteria.anular.hasta")}
          min={talonario.serieDesde}
          max={talonario.serieHasta}
          allowDecimal={false}
          allowNegative={false}
          value={hasta}
          onChange={setHasta}
        />
      </SimpleGrid>
      <Textarea
        label={t("loteria.anular.motivo")}
        placeholder={t("loteria.anular.motivoAyuda")}
        required
        autosize
        minRows={2}
        value={motivo}
        onChange={(e) => setMotivo(e.currentTarget.value)}
        data-autofocus
      />
    </ModalFormulario>
  );
}

/** The prize per décimo of each number, after the draw (0 or empty: no prize). */
export function PremiosModal({
  loteria,
  abierto,
  alCerrar,
}: {
  loteria: Loteria;
  abierto: boolean;
  alCerrar: () => void;
}) {
  const { t } = useTranslation();
  const { premios } = useMutacionesLoteria();
  const [valores, setValores] = useState<Record<string, number | string>>({});
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    if (!abierto) return;
    setValores(Object.fromEntries(loteria.numeros.map((n) => [n.numero, n.premioDecimo ?? ""])));
    setError(null);
  }, [abierto, loteria]);

  return (
    <ModalFormulario
      abierto={abierto}
      titulo={t("loteria.premios.titulo")}
      alCerrar={alCerrar}
      enviando={premios.isPending}
      error={error}
      textoError={t("loteria.premios.error")}
      confirmar={t("comun.guardar")}
      alEnviar={async () => {
        setError(null);
        try {
          await premios.mutateAsync({
            id: loteria.id,
            datos: {
              premios: loteria.numeros.map((n) => {
                const v = valores[n.numero];
                return { numero: n.numero, premioDecimo: typeof v === "number" ? v : 0 };
              }),
            },
          });
          notifications.show({ color: "green", message: t("loteria.premios.hecho") });
          alCerrar();
        } catch (err) {
          setError(err);
        }
      }}
    >
      <Text size="sm">{t("loteria.premios.intro")}</Text>
      {loteria.numeros.map((n) => (
        <NumberInput
          key={n.numero}
          label={t("loteria.premios.numero", { numero: n.numero, decimos: n.decimos })}
          {...EURO}
          value={valores[n.numero] ?? ""}
          onChange={(v) => setValores((a) => ({ ...a, [n.numero]: v }))}
        />
      ))}
    </ModalFormulario>
  );
}
