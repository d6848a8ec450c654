import { Badge, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { lazy, Suspense, useState } from "react";
import { api } from "../../lib/api";
import { useTranslation } from "../../lib/i18n";
import { notificarError } from "../../lib/notificar";
import { idDelegante, type MiAsamblea, useAccionAsamblea, useMisAsambleas } from "./use-asamblea";

// The choice of delegate (a Select, whose styles the home's first paint does not bring) loads
// when the member opens it.
const FormularioDelegar = lazy(() =>
  import("./delegar-formulario").then((m) => ({ default: m.FormularioDelegar })),
);

const OPCIONES = ["si", "no", "abstencion"] as const;

/**
 * The member's assemblies on the phone (Mis actos and the homes, in its own chunk after the first
 * paint): the order of the day, «Delegar mi voto» and, while a vote is open, the voting card —
 * opened by the `asamblea` event of the stream and asked again on focus.
 */
export function MisAsambleas() {
  const q = useMisAsambleas();
  if (!q.data?.items.length) return null;
  return (
    <Stack gap="md">
      {q.data.items.map((a) => (
        <TarjetaAsamblea key={a.id} a={a} />
      ))}
    </Stack>
  );
}

function TarjetaAsamblea({ a }: { a: MiAsamblea }) {
  const { t } = useTranslation();
  const m = a.mia;
  return (
    <Card withBorder radius="md" p="md" data-testid="mi-asamblea">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} size="h4">
            {a.nombreActo}
          </Title>
          {m.presente ? <Badge color="green">{t("asamblea.presente")}</Badge> : null}
        </Group>
        {m.punto ? <TarjetaVoto idAsamblea={a.id} punto={m.punto} /> : null}
        <Text fw={600} size="sm">
          {t("asamblea.ordenDelDia")}
        </Text>
        <Stack gap={4} component="ol" pl="md" m={0}>
          {a.puntos.map((p) => (
            <Text component="li" key={p.id} size="sm">
              {p.titulo}
              {p.resultado ? (
                <Badge ml="xs" size="sm" color={p.resultado.aprobado ? "green" : "red"}>
                  {p.resultado.aprobado ? t("asamblea.aprobado") : t("asamblea.rechazado")}
                </Badge>
              ) : null}
            </Text>
          ))}
        </Stack>
        {m.enCenso ? <Delegar a={a} /> : <Text c="dimmed">{t("asamblea.fueraCenso")}</Text>}
      </Stack>
    </Card>
  );
}

function TarjetaVoto({
  idAsamblea,
  punto,
}: {
  idAsamblea: number;
  punto: NonNullable<MiAsamblea["mia"]["punto"]>;
}) {
  const { t } = useTranslation();
  const votar = useAccionAsamblea((v: { opcion: string; enNombreDe: number }) =>
    api.post(`/asambleas/${idAsamblea}/puntos/${punto.id}/votos`, v),
  );
  return (
    <Card withBorder bg="blue.0" p="sm" radius="md" data-testid="tarjeta-voto" aria-live="polite">
      <Text fw={700}>{t("asamblea.votacionAbierta", { titulo: punto.titulo })}</Text>
      <Text size="xs" c="dimmed">
        {punto.modo === "secreta" ? t("asamblea.secreta") : t("asamblea.publica")}
      </Text>
      {punto.pendientes.length === 0 ? (
        <Text mt="xs" c="green.8" fw={600}>
          {t("asamblea.yaVotado")}
        </Text>
      ) : null}
      {punto.pendientes.map((p) => (
        <Stack key={p.idSocio} gap={4} mt="xs">
          <Text size="sm">
            {p.propio ? t("asamblea.miVoto") : t("asamblea.enNombreDe", { nombre: p.nombre })}
          </Text>
          <Group grow gap="xs">
            {OPCIONES.map((o) => (
              <Button
                key={o}
                size="md"
                color={o === "si" ? "green" : o === "no" ? "red" : "gray"}
                loading={votar.isPending}
                onClick={() =>
                  votar.mutate(
                    { opcion: o, enNombreDe: p.idSocio },
                    { onError: (e) => notificarError(e, t("asamblea.errorVotar")) },
                  )
                }
              >
                {t(`asamblea.opciones.${o}`)}
              </Button>
            ))}
          </Group>
        </Stack>
      ))}
    </Card>
  );
}

function Delegar({ a }: { a: MiAsamblea }) {
  const { t } = useTranslation();
  const [abierto, setAbierto] = useState(false);
  const yo = a.mia;
  const revocar = useAccionAsamblea(async () => {
    const d = await api.get<{
      items: { id: number; idDelegante: number; revocadaEn: string | null }[];
    }>(`/asambleas/${a.id}/delegaciones`);
    const viva = d.items.find((x) => x.revocadaEn === null && x.idDelegante === idDelegante(a));
    if (viva) await api.delete(`/asambleas/${a.id}/delegaciones/${viva.id}`);
  });
  if (a.iniciadaEn || yo.presente) return null;
  if (yo.delegadoEn) {
    return (
      <Group justify="space-between">
        <Text size="sm">{t("asamblea.delegadoEn", { nombre: yo.delegadoEn.nombre })}</Text>
        <Button
          variant="subtle"
          color="red"
          loading={revocar.isPending}
          onClick={() =>
            revocar.mutate(undefined, { onError: (e) => notificarError(e, t("asamblea.error")) })
          }
        >
          {t("asamblea.revocar")}
        </Button>
      </Group>
    );
  }
  if (!abierto) {
    return (
      <Button variant="light" onClick={() => setAbierto(true)}>
        {t("asamblea.delegar")}
      </Button>
    );
  }
  return (
    <Suspense fallback={null}>
      <FormularioDelegar a={a} alDelegar={() => setAbierto(false)} />
    </Suspense>
  );
}
