import type { Loteria } from "@fila/domain";
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { CampoFecha } from "../../lib/campo-fecha";
import { useTranslation } from "../../lib/i18n";
import { importe } from "../pagos/pagos-logica";
import { AvisoError } from "./aviso-error";
import {
  entradaLoteria,
  pideAutorizacion,
  precioFormulario,
  type ValoresLoteria,
  valoresLoteria,
} from "./loteria-logica";
import { useMutacionesLoteria } from "./use-loteria";

const EURO = { decimalSeparator: ",", decimalScale: 2, allowNegative: false, suffix: " €" };

/**
 * Create (loteria null) or edit a lottery: the draw, the numbers held with their décimos, what a
 * participation plays and its donativo (above 20 % of what it plays, with the authorisation).
 */
export function LoteriaFormModal({
  abierto,
  loteria,
  alCerrar,
  alGuardar,
}: {
  abierto: boolean;
  loteria: Loteria | null;
  alCerrar: () => void;
  alGuardar?: (l: Loteria) => void;
}) {
  const { t } = useTranslation();
  const { crear, cambiar } = useMutacionesLoteria();
  const [v, setV] = useState<ValoresLoteria>(() => valoresLoteria(loteria));
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    if (!abierto) return;
    setV(valoresLoteria(loteria));
    setError(null);
  }, [abierto, loteria]);

  function poner<K extends keyof ValoresLoteria>(campo: K, valor: ValoresLoteria[K]) {
    setV((actual) => ({ ...actual, [campo]: valor }));
  }
  function ponerNumero(i: number, cambio: Partial<ValoresLoteria["numeros"][number]>) {
    setV((actual) => ({
      ...actual,
      numeros: actual.numeros.map((n, j) => (j === i ? { ...n, ...cambio } : n)),
    }));
  }

  const conEmitidas = (loteria?.contadores.emitidas ?? 0) > 0;
  const autorizacion = pideAutorizacion(v);
  const precio = precioFormulario(v);
  const pendiente = crear.isPending || cambiar.isPending;

  async function enviar(e: React.FormEvent) {
    e.preventDefault();
    setError(null);
    try {
      const datos = entradaLoteria(v);
      const hecha = loteria
        ? await cambiar.mutateAsync({ id: loteria.id, datos })
        : await crear.mutateAsync(datos);
      notifications.show({
        color: "green",
        message: t(loteria ? "loteria.avisos.guardada" : "loteria.avisos.creada", {
          nombre: hecha.nombre,
        }),
      });
      alGuardar?.(hecha);
      alCerrar();
    } catch (err) {
      setError(err);
    }
  }

  return (
    <Modal
      opened={abierto}
      onClose={alCerrar}
      title={loteria ? t("loteria.form.editar", { nombre: loteria.nombre }) : t("loteria.nueva")}
      centered
      size="lg"
    >
      <form onSubmit={enviar} noValidate>
        <Stack>
          <TextInput
            label={t("loteria.campos.nombre")}
            required
            value={v.nombre}
            onChange={(e) => poner("nombre", e.currentTarget.value)}
          />
          <TextInput
            label={t("loteria.campos.sorteo")}
            value={v.sorteo}
            onChange={(e) => poner("sorteo", e.currentTarget.value)}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <CampoFecha
              label={t("loteria.campos.fechaSorteo")}
              required
              value={v.fechaSorteo}
              onChange={(f) => poner("fechaSorteo", f)}
            />
            <CampoFecha
              label={t("loteria.campos.fechaLimite")}
              description={t("loteria.form.fechaLimiteAyuda")}
              required
              value={v.fechaLimiteDevolucion}
              onChange={(f) => poner("fechaLimiteDevolucion", f)}
            />
          </SimpleGrid>

          <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
            <Text component="legend" fw={500} size="sm">
              {t("loteria.form.numeros")}
            </Text>
            {conEmitidas ? (
              <Text size="xs" c="dimmed">
                {t("loteria.form.conEmitidas")}
              </Text>
            ) : null}
            {v.numeros.map((n, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows of a form, edited in place
              <Group key={i} gap="xs" align="flex-end" wrap="nowrap">
                <TextInput
                  label={t("loteria.form.numero", { n: i + 1 })}
                  placeholder="05473"
                  inputMode="numeric"
                  maxLength={5}
                  value={n.numero}
                  onChange={(e) => ponerNumero(i, { numero: e.currentTarget.value })}
                  readOnly={conEmitidas && i < (loteria?.numeros.length ?? 0)}
                  w={110}
                />
                <NumberInput
                  label={t("loteria.form.decimos", { n: i + 1 })}
                  min={1}
                  allowDecimal={false}
                  allowNegative={false}
                  value={n.decimos}
                  onChange={(d) => ponerNumero(i, { decimos: d })}
                  style={{ flex: 1 }}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  mb={2}
                  aria-label={t("loteria.form.quitarNumero", { n: i + 1 })}
                  disabled={v.numeros.length === 1 || conEmitidas}
                  onClick={() =>
                    poner(
                      "numeros",
                      v.numeros.filter((_, j) => j !== i),
                    )
                  }
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Group>
            ))}
            <Group>
              <Button
                variant="light"
                size="compact-sm"
                leftSection={<IconPlus size={14} aria-hidden />}
                disabled={conEmitidas}
                onClick={() => poner("numeros", [...v.numeros, { numero: "", decimos: "" }])}
              >
                {t("loteria.form.anyadirNumero")}
              </Button>
            </Group>
          </Stack>

          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
            <NumberInput
              label={t("loteria.campos.precioDecimo")}
              {...EURO}
              value={v.precioDecimo}
              onChange={(x) => poner("precioDecimo", x)}
              readOnly={conEmitidas}
            />
            <NumberInput
              label={t("loteria.campos.importeJugado")}
              description={t("loteria.form.importeJugadoAyuda")}
              required
              {...EURO}
              value={v.importeJugado}
              onChange={(x) => poner("importeJugado", x)}
              readOnly={conEmitidas}
            />
            <NumberInput
              label={t("loteria.campos.donativo")}
              {...EURO}
              value={v.donativo}
              onChange={(x) => poner("donativo", x)}
              readOnly={conEmitidas}
            />
          </SimpleGrid>
          {precio !== null ? (
            <Text size="sm" data-testid="precio-participacion">
              {t("loteria.form.precio", { precio: importe(precio) })}
            </Text>
          ) : null}
          {autorizacion ? (
            <>
              <Alert color="orange" role="status">
                {t("loteria.form.recargoAlto")}
              </Alert>
              <Textarea
                label={t("loteria.campos.autorizacion")}
                description={t("loteria.form.autorizacionAyuda")}
                required
                autosize
                minRows={2}
                value={v.autorizacionRecargo}
                onChange={(e) => poner("autorizacionRecargo", e.currentTarget.value)}
              />
            </>
          ) : null}

          <AvisoError error={error} titulo={t("loteria.form.error")} />
          <Group justify="flex-end">
            <Button variant="default" onClick={alCerrar}>
              {t("comun.cancelar")}
            </Button>
            <Button type="submit" loading={pendiente}>
              {t("comun.guardar")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
