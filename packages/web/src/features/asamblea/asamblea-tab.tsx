import "@mantine/tiptap/styles.css";
import type { Asamblea, PuntoAsamblea } from "@fila/domain";
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { RichTextEditor } from "@mantine/tiptap";
import { useEditor } from "@tiptap/react";
import { useCallback, useEffect, useState } from "react";
import { api } from "../../lib/api";
import { CampoFecha } from "../../lib/campo-fecha";
import { CampoFechaHora } from "../../lib/campo-fecha-hora";
import { descargarDeApi } from "../../lib/descargar";
import { useTranslation } from "../../lib/i18n";
import { notificarError } from "../../lib/notificar";
import {
  type AccesoPendiente,
  guardarPendiente,
  pendientesDeAsamblea,
  quitarPendiente,
} from "../actos/accesos-pendientes";
import { desenlaceDe } from "../actos/cola-accesos";
import { Escaner } from "../actos/control-acceso";
import { BarraEditor, extensionesEditor } from "../noticias/editor-comun";
import {
  useAccionAsamblea,
  useActa,
  useAsamblea,
  useCenso,
  useDelegables,
  useDelegaciones,
  useIdAsambleaDeActo,
  useQuorum,
} from "./use-asamblea";

type PuntoForm = {
  titulo: string;
  modo: "" | "secreta" | "publica";
  mayoria: string;
  base: string;
};

/** The event's board page, tab «Asamblea» (`?vista=asamblea`): the whole general assembly. */
export function AsambleaTab({ idActo }: { idActo: number }) {
  const { t } = useTranslation();
  const acto = useIdAsambleaDeActo(idActo);
  const idAsamblea = acto.data?.idAsamblea ?? null;
  const asamblea = useAsamblea(idAsamblea);
  if (acto.isPending) return null;
  if (idAsamblea === null) return <NuevaAsamblea idActo={idActo} />;
  if (!asamblea.data) return null;
  const a = asamblea.data;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} size="h3">
          {t("asamblea.titulo", { caracter: t(`asamblea.caracter.${a.caracter}`) })}
        </Title>
        {a.convocadaEn ? (
          <Badge color="green">{t("asamblea.convocada")}</Badge>
        ) : (
          <Badge color="gray">{t("asamblea.sinConvocar")}</Badge>
        )}
      </Group>
      <Tabs defaultValue={a.convocadaEn ? "votacion" : "orden"} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="orden">{t("asamblea.pestanyas.orden")}</Tabs.Tab>
          <Tabs.Tab value="convocatoria">{t("asamblea.pestanyas.convocatoria")}</Tabs.Tab>
          <Tabs.Tab value="delegaciones">{t("asamblea.pestanyas.delegaciones")}</Tabs.Tab>
          <Tabs.Tab value="puerta">{t("asamblea.pestanyas.puerta")}</Tabs.Tab>
          <Tabs.Tab value="votacion">{t("asamblea.pestanyas.votacion")}</Tabs.Tab>
          <Tabs.Tab value="acta">{t("asamblea.pestanyas.acta")}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="orden" pt="md">
          <OrdenDelDia a={a} />
        </Tabs.Panel>
        <Tabs.Panel value="convocatoria" pt="md">
          <Convocatoria a={a} />
        </Tabs.Panel>
        <Tabs.Panel value="delegaciones" pt="md">
          <Delegaciones a={a} />
        </Tabs.Panel>
        <Tabs.Panel value="puerta" pt="md">
          <Puerta a={a} idActo={idActo} />
        </Tabs.Panel>
        <Tabs.Panel value="votacion" pt="md">
          <Votacion a={a} />
        </Tabs.Panel>
        <Tabs.Panel value="acta" pt="md">
          <ActaAsamblea a={a} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function NuevaAsamblea({ idActo }: { idActo: number }) {
  const { t } = useTranslation();
  const [caracter, setCaracter] = useState<string>("ordinaria");
  const [primera, setPrimera] = useState("");
  const [segunda, setSegunda] = useState("");
  const [puntos, setPuntos] = useState<PuntoForm[]>([
    { titulo: "", modo: "", mayoria: "simple", base: "emitidos" },
  ]);
  const crear = useAccionAsamblea(() =>
    api.post("/asambleas", {
      idActo,
      caracter,
      primeraConvocatoria: new Date(primera).toISOString(),
      segundaConvocatoria: segunda ? new Date(segunda).toISOString() : null,
      puntos: puntos
        .filter((p) => p.titulo.trim())
        .map((p) => ({
          titulo: p.titulo.trim(),
          votacion: p.modo ? { modo: p.modo, mayoria: p.mayoria, base: p.base } : null,
        })),
    }),
  );
  const cambiar = (i: number, c: Partial<PuntoForm>) =>
    setPuntos((ps) => ps.map((p, j) => (j === i ? { ...p, ...c } : p)));
  return (
    <Card withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t("asamblea.nueva")}
        </Title>
        <Select
          label={t("asamblea.campos.caracter")}
          data={["ordinaria", "extraordinaria"].map((v) => ({
            value: v,
            label: t(`asamblea.caracter.${v}`),
          }))}
          value={caracter}
          onChange={(v) => v && setCaracter(v)}
          allowDeselect={false}
        />
        <Group grow>
          <CampoFechaHora
            label={t("asamblea.campos.primera")}
            value={primera}
            onChange={setPrimera}
          />
          <CampoFechaHora
            label={t("asamblea.campos.segunda")}
            value={segunda}
            onChange={setSegunda}
          />
        </Group>
        <Text fw={600}>{t("asamblea.ordenDelDia")}</Text>
        {puntos.map((p, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the rows of a form being typed
          <Group key={i} align="flex-end" wrap="wrap">
            <TextInput
              label={t("asamblea.campos.punto", { n: i + 1 })}
              value={p.titulo}
              onChange={(e) => cambiar(i, { titulo: e.currentTarget.value })}
              style={{ flex: 2, minWidth: 200 }}
            />
            <Select
              label={t("asamblea.campos.votacion")}
              data={[
                { value: "", label: t("asamblea.sinVotacion") },
                { value: "secreta", label: t("asamblea.secreta") },
                { value: "publica", label: t("asamblea.publica") },
              ]}
              value={p.modo}
              onChange={(v) => cambiar(i, { modo: (v ?? "") as PuntoForm["modo"] })}
              allowDeselect={false}
            />
            {p.modo ? (
              <>
                <Select
                  label={t("asamblea.campos.mayoria")}
                  data={["simple", "absoluta", "dos_tercios", "tres_cuartos"].map((v) => ({
                    value: v,
                    label: t(`asamblea.mayorias.${v}`),
                  }))}
                  value={p.mayoria}
                  onChange={(v) => v && cambiar(i, { mayoria: v })}
                  allowDeselect={false}
                />
                <Select
                  label={t("asamblea.campos.base")}
                  data={["emitidos", "censo"].map((v) => ({
                    value: v,
                    label: t(`asamblea.bases.${v}`),
                  }))}
                  value={p.base}
                  onChange={(v) => v && cambiar(i, { base: v })}
                  allowDeselect={false}
                />
              </>
            ) : null}
          </Group>
        ))}
        <Group>
          <Button
            variant="default"
            onClick={() =>
              setPuntos((ps) => [
                ...ps,
                { titulo: "", modo: "", mayoria: "simple", base: "emitidos" },
              ])
            }
          >
            {t("asamblea.anyadirPunto")}
          </Button>
          <Button
            disabled={!primera}
            loading={crear.isPending}
            onClick={() =>
              crear.mutate(undefined, { onError: (e) => notificarError(e, t("asamblea.error")) })
            }
          >
            {t("asamblea.crear")}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function OrdenDelDia({ a }: { a: Asamblea }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {t("asamblea.convocatorias", {
          primera: new Date(a.primeraConvocatoria).toLocaleString(),
          segunda: a.segundaConvocatoria ? new Date(a.segundaConvocatoria).toLocaleString() : "—",
        })}
      </Text>
      <Stack component="ol" gap={4} pl="md" m={0}>
        {a.puntos.map((p) => (
          <Text component="li" key={p.id}>
            {p.titulo}{" "}
            {p.votacion ? (
              <Badge size="sm" variant="light">
                {t(p.votacion.modo === "secreta" ? "asamblea.secreta" : "asamblea.publica")} ·{" "}
                {t(`asamblea.mayorias.${p.votacion.mayoria}`)}
              </Badge>
            ) : null}
          </Text>
        ))}
      </Stack>
    </Stack>
  );
}

function Convocatoria({ a }: { a: Asamblea }) {
  const { t } = useTranslation();
  const censo = useCenso(a.id, a.convocadaEn !== null);
  const convocar = useAccionAsamblea(() => api.post(`/asambleas/${a.id}/convocatoria`));
  return (
    <Stack gap="sm">
      {a.convocadaEn ? (
        <Group>
          <Text>{t("asamblea.censoIncluidos", { n: censo.data?.incluidos ?? "…" })}</Text>
          <Button
            variant="default"
            onClick={() =>
              void descargarDeApi(`/asambleas/${a.id}/censo.pdf`, `censo-${a.id}.pdf`).catch((e) =>
                notificarError(e),
              )
            }
          >
            {t("asamblea.censoPdf")}
          </Button>
          <Button
            variant="default"
            onClick={() =>
              void descargarDeApi(
                `/asambleas/${a.id}/convocatoria/cartas.pdf`,
                `cartas-${a.id}.pdf`,
              ).catch((e) => notificarError(e))
            }
          >
            {t("asamblea.cartas")}
          </Button>
        </Group>
      ) : (
        <Button
          w="fit-content"
          loading={convocar.isPending}
          onClick={() =>
            convocar.mutate(undefined, { onError: (e) => notificarError(e, t("asamblea.error")) })
          }
        >
          {t("asamblea.convocar")}
        </Button>
      )}
      {censo.data ? (
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("asamblea.campos.matricula")}</Table.Th>
              <Table.Th>{t("asamblea.campos.socio")}</Table.Th>
              <Table.Th>NIF</Table.Th>
              <Table.Th>{t("asamblea.campos.censo")}</Table.Th>
              <Table.Th>{t("asamblea.campos.aviso")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {censo.data.items.map((f) => (
              <Table.Tr key={f.idSocio}>
                <Table.Td>{f.matricula ?? ""}</Table.Td>
                <Table.Td>
                  {f.apellidos}, {f.nombre}
                </Table.Td>
                <Table.Td>{f.nif}</Table.Td>
                <Table.Td>
                  {f.incluido ? (
                    <Badge color="green">{t("asamblea.dentro")}</Badge>
                  ) : (
                    <Badge color="gray">{t(`asamblea.motivos.${f.motivo}`)}</Badge>
                  )}
                </Table.Td>
                <Table.Td>
                  {[
                    f.porEmail ? t("asamblea.porEmail") : "",
                    f.porCarta ? t("asamblea.porCarta") : "",
                    f.porAlerta ? t("asamblea.porAlerta") : "",
                  ]
                    .filter(Boolean)
                    .join(" · ")}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
    </Stack>
  );
}

function Delegaciones({ a }: { a: Asamblea }) {
  const { t } = useTranslation();
  const lista = useDelegaciones(a.id);
  const delegables = useDelegables(a.convocadaEn ? a.id : null);
  const [de, setDe] = useState<string | null>(null);
  const [en, setEn] = useState<string | null>(null);
  const papel = useAccionAsamblea(() =>
    api.post(`/asambleas/${a.id}/delegaciones`, {
      idDelegante: Number(de),
      idDelegado: Number(en),
      enPapel: true,
    }),
  );
  const opciones = (delegables.data?.items ?? []).map((d) => ({
    value: String(d.idSocio),
    label: d.matricula === null ? d.nombre : `${d.nombre} (${d.matricula})`,
  }));
  return (
    <Stack gap="sm">
      {a.convocadaEn && !a.iniciadaEn ? (
        <Group align="flex-end">
          <Select
            label={t("asamblea.delegante")}
            data={opciones}
            value={de}
            onChange={setDe}
            searchable
          />
          <Select
            label={t("asamblea.delegado")}
            data={opciones}
            value={en}
            onChange={setEn}
            searchable
          />
          <Button
            disabled={!de || !en}
            loading={papel.isPending}
            onClick={() =>
              papel.mutate(undefined, { onError: (e) => notificarError(e, t("asamblea.error")) })
            }
          >
            {t("asamblea.papel")}
          </Button>
        </Group>
      ) : null}
      <Table>
        <Table.Tbody>
          {(lista.data?.items ?? []).map((d) => (
            <Table.Tr key={d.id} c={d.revocadaEn ? "dimmed" : undefined}>
              <Table.Td>{d.nombreDelegante}</Table.Td>
              <Table.Td>→ {d.nombreDelegado}</Table.Td>
              <Table.Td>{d.enPapel ? t("asamblea.enPapel") : ""}</Table.Td>
              <Table.Td>{d.revocadaEn ? t("asamblea.revocada") : ""}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/**
 * The door: the card scanner of «Control de acceso» and its offline queue (IndexedDB), posting
 * to the assembly's check-ins; or a member picked by hand.
 */
function Puerta({ a, idActo }: { a: Asamblea; idActo: number }) {
  const { t } = useTranslation();
  const delegables = useDelegables(a.convocadaEn ? a.id : null);
  const [ultimo, setUltimo] = useState<string | null>(null);
  const [aMano, setAMano] = useState<string | null>(null);
  const registrar = useAccionAsamblea((cuerpo: { codigo: string } | { idSocio: number }) =>
    api.post<{ nombre: string; apellidos: string; recupera: boolean }>(
      `/asambleas/${a.id}/asistentes`,
      cuerpo,
    ),
  );
  const enviar = useCallback(
    async (p: AccesoPendiente) => {
      try {
        const r = await registrar.mutateAsync({ codigo: p.codigo });
        await quitarPendiente(p.clave).catch(() => undefined);
        setUltimo(`${r.nombre} ${r.apellidos}${r.recupera ? ` · ${t("asamblea.recupera")}` : ""}`);
      } catch (e) {
        if (desenlaceDe(e) === "rechazado") {
          await quitarPendiente(p.clave).catch(() => undefined);
          notificarError(e, t("asamblea.error"));
        }
      }
    },
    [registrar, t],
  );
  useEffect(() => {
    const reintentar = async () => {
      for (const p of await pendientesDeAsamblea(a.id).catch(() => [])) await enviar(p);
    };
    const id = window.setInterval(() => void reintentar(), 5000);
    return () => window.clearInterval(id);
  }, [a.id, enviar]);
  if (!a.convocadaEn) return <Alert>{t("asamblea.sinCenso")}</Alert>;
  return (
    <Stack gap="sm" maw={520}>
      <Escaner
        alLeer={(codigo) => {
          const p: AccesoPendiente = {
            clave: `asamblea-${Date.now()}-${Math.random().toString(36).slice(2)}`,
            idActo,
            idAsamblea: a.id,
            codigo,
            leidoEn: Date.now(),
          };
          void guardarPendiente(p)
            .catch(() => undefined)
            .then(() => enviar(p));
        }}
      />
      {ultimo ? (
        <Alert color="green" data-testid="ultima-entrada">
          {ultimo}
        </Alert>
      ) : null}
      <Group align="flex-end">
        <Select
          label={t("asamblea.aMano")}
          data={(delegables.data?.items ?? []).map((d) => ({
            value: String(d.idSocio),
            label: d.matricula === null ? d.nombre : `${d.nombre} (${d.matricula})`,
          }))}
          value={aMano}
          onChange={setAMano}
          searchable
        />
        <Button
          disabled={!aMano}
          onClick={() =>
            registrar.mutate(
              { idSocio: Number(aMano) },
              {
                onSuccess: (r) =>
                  setUltimo(
                    `${r.nombre} ${r.apellidos}${r.recupera ? ` · ${t("asamblea.recupera")}` : ""}`,
                  ),
                onError: (e) => notificarError(e, t("asamblea.error")),
              },
            )
          }
        >
          {t("asamblea.marcarEntrada")}
        </Button>
      </Group>
    </Stack>
  );
}

function Numero({
  valor,
  texto,
  color,
}: {
  valor: number | string;
  texto: string;
  color?: string;
}) {
  return (
    <Card withBorder p="md" ta="center">
      <Text fz={56} fw={800} lh={1} c={color}>
        {valor}
      </Text>
      <Text size="lg">{texto}</Text>
    </Card>
  );
}

/** The big-number screen for the laptop or projector: quorum, the open vote, the results. */
function Votacion({ a }: { a: Asamblea }) {
  const { t } = useTranslation();
  const q = useQuorum(a.id, a.convocadaEn !== null);
  const actual = useAsamblea(a.id);
  const puntos = actual.data?.puntos ?? a.puntos;
  if (!a.convocadaEn) return <Alert>{t("asamblea.sinCenso")}</Alert>;
  return (
    <Stack gap="md" data-testid="pantalla-asamblea">
      {q.data ? (
        <SimpleGrid cols={{ base: 2, md: 4 }}>
          <Numero valor={q.data.censo} texto={t("asamblea.censo")} />
          <Numero valor={q.data.presentes} texto={t("asamblea.presentes")} />
          <Numero valor={q.data.representados} texto={t("asamblea.representados")} />
          <Numero
            valor={q.data.alcanzado ? "✓" : q.data.quorum}
            texto={t(q.data.alcanzado ? "asamblea.quorumAlcanzado" : "asamblea.quorumFalta", {
              convocatoria: t(`asamblea.convocatoria.${q.data.convocatoria}`),
            })}
            color={q.data.alcanzado ? "green" : "orange"}
          />
        </SimpleGrid>
      ) : null}
      {puntos
        .filter((p) => p.votacion)
        .map((p) => (
          <PuntoVotado key={p.id} a={a} p={p} />
        ))}
    </Stack>
  );
}

function PuntoVotado({ a, p }: { a: Asamblea; p: PuntoAsamblea }) {
  const { t } = useTranslation();
  const accion = useAccionAsamblea((que: "apertura" | "cierre") =>
    api.post(`/asambleas/${a.id}/puntos/${p.id}/${que}`),
  );
  const [papel, setPapel] = useState({ si: 0, no: 0, abstencion: 0 });
  const recuento = useAccionAsamblea(() =>
    api.post(`/asambleas/${a.id}/puntos/${p.id}/recuento`, { votantes: [], ...papel }),
  );
  const estado = p.votacion?.estado;
  const r = p.resultado;
  return (
    <Card withBorder p="md" data-testid={`punto-${p.id}`}>
      <Group justify="space-between">
        <Title order={3} size="h3">
          {p.titulo}
        </Title>
        {estado === "pendiente" ? (
          <Button
            size="lg"
            onClick={() =>
              accion.mutate("apertura", { onError: (e) => notificarError(e, t("asamblea.error")) })
            }
          >
            {t("asamblea.abrir")}
          </Button>
        ) : estado === "abierta" ? (
          <Button
            size="lg"
            color="red"
            onClick={() =>
              accion.mutate("cierre", { onError: (e) => notificarError(e, t("asamblea.error")) })
            }
          >
            {t("asamblea.cerrar")}
          </Button>
        ) : (
          <Badge size="xl" color={r?.aprobado ? "green" : "red"} data-testid="resultado">
            {r?.aprobado ? t("asamblea.aprobado") : t("asamblea.rechazado")}
          </Badge>
        )}
      </Group>
      {r ? (
        <SimpleGrid cols={4} mt="sm">
          <Numero valor={r.recuento.si} texto={t("asamblea.opciones.si")} color="green" />
          <Numero valor={r.recuento.no} texto={t("asamblea.opciones.no")} color="red" />
          <Numero valor={r.recuento.abstencion} texto={t("asamblea.opciones.abstencion")} />
          <Numero valor={r.votantes} texto={t("asamblea.votantes")} />
        </SimpleGrid>
      ) : null}
      {estado === "abierta" && p.votacion?.modo === "publica" ? (
        <Group align="flex-end" mt="sm">
          {(["si", "no", "abstencion"] as const).map((o) => (
            <NumberInput
              key={o}
              label={t(`asamblea.opciones.${o}`)}
              min={0}
              value={papel[o]}
              onChange={(v) => setPapel((x) => ({ ...x, [o]: Number(v) || 0 }))}
              w={110}
            />
          ))}
          <Button
            variant="default"
            onClick={() =>
              recuento.mutate(undefined, { onError: (e) => notificarError(e, t("asamblea.error")) })
            }
          >
            {t("asamblea.manoAlzada")}
          </Button>
        </Group>
      ) : null}
    </Card>
  );
}

function ActaAsamblea({ a }: { a: Asamblea }) {
  const { t } = useTranslation();
  const acta = useActa(a.id);
  const editor = useEditor({ extensions: extensionesEditor(), content: "" }, []);
  const [fecha, setFecha] = useState("");
  useEffect(() => {
    if (editor && acta.data) editor.commands.setContent(acta.data.contenido);
  }, [editor, acta.data]);
  const guardar = useAccionAsamblea(() =>
    api.put(`/asambleas/${a.id}/acta`, { contenido: editor?.getHTML() ?? "" }),
  );
  const aprobar = useAccionAsamblea(() =>
    api.post(`/asambleas/${a.id}/acta/aprobacion`, { fecha }),
  );
  const aprobada = acta.data?.hash != null;
  return (
    <Stack gap="sm">
      {aprobada ? (
        <Alert color="green">
          {t("asamblea.actaAprobada", {
            fecha: acta.data?.aprobadaEn,
            hash: acta.data?.hash?.slice(0, 16),
          })}
        </Alert>
      ) : null}
      <RichTextEditor editor={editor}>
        {aprobada ? null : <BarraEditor />}
        <RichTextEditor.Content />
      </RichTextEditor>
      {aprobada ? null : (
        <Group align="flex-end">
          <Button
            loading={guardar.isPending}
            onClick={() =>
              guardar.mutate(undefined, { onError: (e) => notificarError(e, t("asamblea.error")) })
            }
          >
            {t("asamblea.guardarActa")}
          </Button>
          <CampoFecha
            label={t("asamblea.fechaAprobacion")}
            value={fecha || null}
            onChange={setFecha}
          />
          <Button
            variant="default"
            disabled={!fecha}
            onClick={() =>
              aprobar.mutate(undefined, { onError: (e) => notificarError(e, t("asamblea.error")) })
            }
          >
            {t("asamblea.aprobarActa")}
          </Button>
        </Group>
      )}
      <Group>
        <Button
          variant="subtle"
          onClick={() =>
            void descargarDeApi("/asambleas/libro-actas.pdf", "libro-de-actas.pdf").catch((e) =>
              notificarError(e),
            )
          }
        >
          {t("asamblea.libroActas")}
        </Button>
        <Button
          variant="subtle"
          onClick={() =>
            void descargarDeApi("/socios/libro-registro?formato=pdf", "libro-registro.pdf").catch(
              (e) => notificarError(e),
            )
          }
        >
          {t("asamblea.libroRegistro")}
        </Button>
      </Group>
    </Stack>
  );
}
