import { Avatar, Box, Button, Card, Group, Skeleton, Stack, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useDeferredValue, useEffect, useState } from "react";
import { Diferido } from "../../app/diferido";
import { useSesion } from "../../app/session-store";
import { api } from "../../lib/api";
import { useTranslation } from "../../lib/i18n";
import { useImagenApi } from "../../lib/imagen-api";
import { notificarError } from "../../lib/notificar";
import { TipoBadge } from "../socios/tipo-badge";
import { useMiCarnet } from "../socios/use-socios";
import { CodigoQr } from "./codigo-qr";
import clases from "./homes.module.css";

/**
 * "Mi carnet" on the member homes: photo, name, matrícula, member-type badge (its colour with
 * the luma rule), edad festera and the card's QR: a code signed by the server (GET
 * /api/socios/:id/carnet), not the bare matrícula, so nobody can print someone else's card.
 * «Renovar el carnet» makes the old QR useless at the door. Hidden without a member record.
 */
export function MiCarnet() {
  const { usuario } = useSesion();
  if (usuario.socioId <= 0) return null;
  return <Carnet />;
}

function Carnet() {
  const { t } = useTranslation();
  const socio = useMiCarnet();
  const { usuario } = useSesion();
  const cliente = useQueryClient();
  const claveCarnet = ["socios", usuario.socioId, "carnet"];
  const carnet = useQuery({
    queryKey: claveCarnet,
    queryFn: ({ signal }) =>
      api.get<{ codigo: string }>(`/socios/${usuario.socioId}/carnet`, signal),
    staleTime: 5 * 60_000,
  });
  const renovar = useMutation({
    mutationFn: () => api.post<{ codigo: string }>(`/socios/${usuario.socioId}/carnet/renovacion`),
    onSuccess: (nuevo) => {
      cliente.setQueryData(claveCarnet, nuevo);
      notifications.show({ color: "green", message: t("homes.carnet.renovado") });
    },
    onError: (e) => notificarError(e, t("homes.carnet.errorRenovar")),
  });
  const foto = useImagenApi(socio.data?.imagen ?? null);
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!foto.data) {
      setUrl(null);
      return;
    }
    const nueva = URL.createObjectURL(foto.data);
    setUrl(nueva);
    return () => URL.revokeObjectURL(nueva);
  }, [foto.data]);

  // The card is drawn as a transition (in slices) once the record arrives, not in one piece.
  const s = useDeferredValue(socio.data);
  // While the record loads, the card keeps its place (same frame, grey shapes) so that nothing
  // below it moves when it arrives. After an error or for an odd answer there is no card.
  if (s === undefined && !socio.isError) {
    return (
      <MarcoCarnet titulo={t("homes.carnet.titulo")}>
        <Skeleton height={84} width={84} radius="md" />
        <Stack gap={8} style={{ flex: 1 }} miw={0}>
          <Skeleton height={20} width="80%" />
          <Skeleton height={14} width="60%" />
          <Skeleton height={14} width="50%" />
          <Skeleton height={18} width={90} radius="xl" />
        </Stack>
        <Skeleton height={92} width={92} />
      </MarcoCarnet>
    );
  }
  if (typeof s?.nombre !== "string") return null;
  const nombre = `${s.nombre} ${s.apellidos}`.trim();
  return (
    <MarcoCarnet titulo={t("homes.carnet.titulo")}>
      <Avatar src={url} alt={t("homes.carnet.foto", { nombre })} size={84} radius="md">
        {s.nombre.slice(0, 1)}
        {s.apellidos.slice(0, 1)}
      </Avatar>
      <div className={clases.datosCarnet}>
        <p className={clases.nombreCarnet}>{nombre}</p>
        <p className={clases.lineaCarnet}>
          {t("homes.carnet.matricula")}: <strong>{s.matricula || "—"}</strong>
        </p>
        <p className={clases.lineaCarnet}>
          {t("homes.carnet.edadFestera")}: <strong>{s.edadFestera}</strong>
        </p>
        <TipoBadge tipo={s.tipo} size="md" w="fit-content" />
        <Button
          variant="subtle"
          size="compact-xs"
          w="fit-content"
          px={0}
          title={t("homes.carnet.renovarAyuda")}
          loading={renovar.isPending}
          onClick={() => renovar.mutate()}
        >
          {t("homes.carnet.renovar")}
        </Button>
      </div>
      {carnet.data?.codigo ? (
        // Encoding the code takes a few milliseconds: drawn once the card is on screen, in
        // the place kept for it.
        <Box w={92} h={92} style={{ flex: "none" }}>
          <Diferido>
            <CodigoQr
              texto={carnet.data.codigo}
              tamanyo={92}
              titulo={
                s.matricula
                  ? t("homes.carnet.qr", { matricula: s.matricula })
                  : t("homes.carnet.qrSinMatricula")
              }
            />
          </Diferido>
        </Box>
      ) : carnet.isError ? null : (
        <Skeleton height={92} width={92} />
      )}
    </MarcoCarnet>
  );
}

/** The card itself: the same frame for the record and for its placeholder. */
function MarcoCarnet({ titulo, children }: { titulo: string; children: ReactNode }) {
  return (
    <Card
      withBorder
      radius="lg"
      padding="md"
      component="section"
      aria-labelledby="mi-carnet"
      maw={520}
    >
      <Title order={2} size="h4" id="mi-carnet" mb="xs">
        {titulo}
      </Title>
      <Group wrap="nowrap" align="center" gap="md" mih={92}>
        {children}
      </Group>
    </Card>
  );
}
