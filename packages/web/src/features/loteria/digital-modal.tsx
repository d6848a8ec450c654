import type { Participacion } from "@fila/domain";
import { Alert, Anchor, Button, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { IconFileTypePdf } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { useTranslation } from "../../lib/i18n";
import { AvisoError } from "./aviso-error";
import { urlPdfParticipacion, useMutacionesLoteria } from "./use-loteria";

/**
 * A digital participation for a buyer: the next free serial of the talonario given (or of the
 * issuer's first unsettled one). Once issued, its public link and its PDF.
 */
export function DigitalModal({
  idLoteria,
  idTalonario,
  abierto,
  alCerrar,
}: {
  idLoteria: number;
  idTalonario?: number;
  abierto: boolean;
  alCerrar: () => void;
}) {
  const { t } = useTranslation();
  const { digital } = useMutacionesLoteria();
  const [nombre, setNombre] = useState("");
  const [email, setEmail] = useState("");
  const [telefono, setTelefono] = useState("");
  const [errorNombre, setErrorNombre] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [hecha, setHecha] = useState<Participacion | null>(null);

  useEffect(() => {
    if (!abierto) return;
    setNombre("");
    setEmail("");
    setTelefono("");
    setErrorNombre(null);
    setError(null);
    setHecha(null);
  }, [abierto]);

  async function enviar(e: React.FormEvent) {
    e.preventDefault();
    if (nombre.trim() === "") {
      setErrorNombre(t("loteria.digital.errorNombre"));
      return;
    }
    setErrorNombre(null);
    setError(null);
    try {
      const comprador = { nombre: nombre.trim(), email: email.trim(), telefono: telefono.trim() };
      setHecha(
        await digital.mutateAsync({
          idLoteria,
          datos: idTalonario === undefined ? { comprador } : { comprador, idTalonario },
        }),
      );
    } catch (err) {
      setError(err);
    }
  }

  return (
    <Modal opened={abierto} onClose={alCerrar} title={t("loteria.digital.titulo")} centered>
      {hecha ? (
        <Stack>
          <Alert
            color="green"
            role="status"
            title={t("loteria.digital.hecha", { serie: hecha.serie })}
          >
            {hecha.comprador?.email
              ? t("loteria.digital.enviada", { email: hecha.comprador.email })
              : t("loteria.digital.compartir")}
          </Alert>
          <Anchor component={Link} to={`/participacion/${hecha.codigo}`} target="_blank">
            {t("loteria.digital.verEnlace")}
          </Anchor>
          <Group justify="space-between">
            <Button
              component="a"
              href={urlPdfParticipacion(hecha.codigo)}
              variant="light"
              leftSection={<IconFileTypePdf size={16} aria-hidden />}
            >
              {t("loteria.digital.pdf")}
            </Button>
            <Button onClick={alCerrar}>{t("comun.cerrar")}</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={enviar} noValidate>
          <Stack>
            <Text size="sm">{t("loteria.digital.intro")}</Text>
            <TextInput
              label={t("loteria.digital.nombre")}
              required
              value={nombre}
              onChange={(e) => setNombre(e.currentTarget.value)}
              error={errorNombre}
              data-autofocus
            />
            <TextInput
              label={t("loteria.digital.email")}
              type="email"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
            />
            <TextInput
              label={t("loteria.digital.telefono")}
              type="tel"
              value={telefono}
              onChange={(e) => setTelefono(e.currentTarget.value)}
            />
            <AvisoError error={error} titulo={t("loteria.digital.error")} />
            <Group justify="flex-end">
              <Button variant="default" onClick={alCerrar}>
                {t("comun.cancelar")}
              </Button>
              <Button type="submit" loading={digital.isPending}>
                {t("loteria.digital.emitir")}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
