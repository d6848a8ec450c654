import {
  describirMotivoDevolucion,
  MOTIVOS_DEVOLUCION,
  type OmisionDevolucion,
  type Remesa,
} from "@fila/domain";
import {
  Alert,
  Button,
  Checkbox,
  FileInput,
  Group,
  List,
  Modal,
  ScrollArea,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "../../lib/i18n";
import { erroresDeServidor } from "../socios/errores-formulario";
import { importe } from "./formato-remesas";
import { useMutacionesRemesas } from "./use-remesas";

const OPCIONES_MOTIVO = Object.keys(MOTIVOS_DEVOLUCION).map((codigo) => ({
  value: codigo,
  label: describirMotivoDevolucion(codigo),
}));

type Modo = "mano" | "fichero";

const devueltos = (r: Remesa) =>
  r.adeudos.flatMap((a) => a.pagos).filter((p) => p.estado === "devuelto").length;

/** Returns of a remittance: chosen by hand (charge + reason) or from the bank's pain.002. */
export function DevolucionesModal({
  remesa,
  abierto,
  alCerrar,
}: {
  remesa: Remesa;
  abierto: boolean;
  alCerrar: () => void;
}) {
  const { t } = useTranslation();
  const { devolver, devolverFichero } = useMutacionesRemesas();
  const [modo, setModo] = useState<Modo>("mano");
  const [elegidos, setElegidos] = useState<Record<number, string>>({});
  const [archivo, setArchivo] = useState<File | null>(null);
  const [error, setError] = useState<string[] | null>(null);

  const cargos = useMemo(
    () =>
      remesa.adeudos.flatMap((a) =>
        a.pagos
          .filter((p) => p.estado !== "devuelto")
          .map((p) => ({ ...p, pagador: `${a.pagador.nombre} ${a.pagador.apellidos}` })),
      ),
    [remesa],
  );

  useEffect(() => {
    if (!abierto) return;
    setElegidos({});
    setArchivo(null);
    setError(null);
  }, [abierto]);

  function alternar(id: number, marcado: boolean) {
    setElegidos((e) => {
      const copia = { ...e };
      if (marcado) copia[id] = "AM04";
      else delete copia[id];
      return copia;
    });
  }

  async function registrar() {
    setError(null);
    try {
      if (modo === "mano") {
        const devoluciones = Object.entries(elegidos).map(([id, motivo]) => ({
          idPago: Number(id),
          motivo,
        }));
        if (devoluciones.length === 0) {
          setError([t("remesas.devoluciones.ninguno")]);
          return;
        }
        await devolver.mutateAsync({ id: remesa.id, devoluciones });
        notifications.show({ color: "green", message: t("remesas.devoluciones.hecho") });
      } else {
        if (!archivo) {
          setError([t("remesas.devoluciones.elegirArchivo")]);
          return;
        }
        const resultado = await devolverFichero.mutateAsync({ id: remesa.id, archivo });
        // A file imported again registers nothing twice: say what it left alone, and why.
        if (devueltos(resultado) > devueltos(remesa)) {
          notifications.show({ color: "green", message: t("remesas.devoluciones.hecho") });
        }
        if (resultado.omitidos.length > 0) {
          notifications.show({
            color: "yellow",
            autoClose: false,
            title: t("remesas.devoluciones.omitidos", { n: resultado.omitidos.length }),
            message: (
              <List size="sm">
                {resultado.omitidos.map((o) => (
                  <List.Item key={`${o.endToEndId}-${o.idPago}`}>{textoOmision(t, o)}</List.Item>
                ))}
              </List>
            ),
          });
        }
      }
      alCerrar();
    } catch (e) {
      const errores = erroresDeServidor(e, []);
      setError([errores.general, ...errores.otros]);
    }
  }

  return (
    <Modal opened={abierto} onClose={alCerrar} title={t("remesas.devoluciones.titulo")} size="xl">
      <Stack>
        <SegmentedControl
          value={modo}
          onChange={(v) => setModo(v as Modo)}
          data={[
            { value: "mano", label: t("remesas.devoluciones.aMano") },
            { value: "fichero", label: t("remesas.devoluciones.fichero") },
          ]}
        />
        {error ? (
          <Alert role="alert" color="red" title={t("remesas.devoluciones.error")}>
            <List size="sm">
              {error.map((m) => (
                <List.Item key={m}>{m}</List.Item>
              ))}
            </List>
          </Alert>
        ) : null}
        {modo === "mano" ? (
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              {t("remesas.devoluciones.ayudaAMano")}
            </Text>
            {cargos.length === 0 ? (
              <Text>{t("remesas.devoluciones.sinCargos")}</Text>
            ) : (
              <ScrollArea.Autosize mah={420}>
                <Table>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th />
                      <Table.Th>{t("remesas.devoluciones.cargo")}</Table.Th>
                      <Table.Th>{t("remesas.detalle.pagador")}</Table.Th>
                      <Table.Th ta="right">{t("remesas.detalle.importe")}</Table.Th>
                      <Table.Th>{t("remesas.devoluciones.motivo")}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {cargos.map((c) => (
                      <Table.Tr key={c.id}>
                        <Table.Td>
                          <Checkbox
                            aria-label={t("remesas.devoluciones.marcar", { id: c.id })}
                            checked={c.id in elegidos}
                            onChange={(e) => alternar(c.id, e.currentTarget.checked)}
                          />
                        </Table.Td>
                        <Table.Td>{c.concepto}</Table.Td>
                        <Table.Td>{c.pagador}</Table.Td>
                        <Table.Td ta="right">{importe(c.importe)}</Table.Td>
                        <Table.Td miw={260}>
                          <Select
                            aria-label={t("remesas.devoluciones.motivo")}
                            data={OPCIONES_MOTIVO}
                            value={elegidos[c.id] ?? null}
                            disabled={!(c.id in elegidos)}
                            allowDeselect={false}
                            onChange={(v) => v && setElegidos((e) => ({ ...e, [c.id]: v }))}
                          />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollArea.Autosize>
            )}
          </Stack>
        ) : (
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              {t("remesas.devoluciones.ayudaFichero")}
            </Text>
            <FileInput
              label={t("remesas.devoluciones.archivo")}
              placeholder={t("remesas.devoluciones.elegirArchivo")}
              accept=".xml,application/xml,text/xml"
              value={archivo}
              onChange={setArchivo}
              clearable
            />
          </Stack>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={alCerrar}>
            {t("remesas.acciones.cerrar")}
          </Button>
          <Button
            color="red"
            onClick={() => void registrar()}
            loading={devolver.isPending || devolverFichero.isPending}
          >
            {t("remesas.devoluciones.registrar")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function textoOmision(t: ReturnType<typeof useTranslation>["t"], o: OmisionDevolucion): string {
  return t(`remesas.devoluciones.omision.${o.motivo}`, {
    endToEndId: o.endToEndId,
    idPago: o.idPago ?? "",
  });
}
