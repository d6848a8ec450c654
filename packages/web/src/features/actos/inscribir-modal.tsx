import {
  aCentimos,
  type FamiliarActo,
  formatearImporte,
  importeInscripcion,
  type MiActo,
  mensajeDeError,
} from "@fila/domain";
import {
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  Stack,
  Text,
  Textarea,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { useTranslation } from "../../lib/i18n";
import { useMutacionesInscripcion } from "./use-actos";

export type Inscribiendo = { acto: MiActo; familiar: FamiliarActo };

/**
 * Enrols one person of my family (menu when the event has them, allergies and guests), or, when
 * already enrolled (e.g. automatically), changes those choices.
 */
export function InscribirModal({
  inscribiendo,
  alCerrar,
}: {
  inscribiendo: Inscribiendo | null;
  alCerrar: () => void;
}) {
  const { t } = useTranslation();
  const { inscribir, modificar } = useMutacionesInscripcion();
  // The parent remounts this modal (key) for each person, so the initial state is theirs.
  const [menu, setMenu] = useState<string | null>(inscribiendo?.familiar.menu || null);
  const [alergias, setAlergias] = useState(inscribiendo?.familiar.alergias ?? "");
  const [invitados, setInvitados] = useState<number | string>(
    inscribiendo?.familiar.invitados ?? 0,
  );
  const [errorMenu, setErrorMenu] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (!inscribiendo) return null;
  const { acto, familiar } = inscribiendo;
  const idInscripcion = familiar.inscrito ? familiar.idInscripcion : null;
  const numInvitados = typeof invitados === "number" ? invitados : 0;
  const importe = importeInscripcion(
    aCentimos(familiar.precio),
    numInvitados,
    aCentimos(acto.precioInvitado),
  );

  async function enviar(e: React.FormEvent) {
    e.preventDefault();
    setError(null);
    if (acto.menus.length > 0 && !menu) {
      setErrorMenu(t("actos.inscribir.eligeMenu"));
      return;
    }
    const datos = { invitados: numInvitados, menu: menu ?? "", alergias: alergias.trim() };
    try {
      if (idInscripcion === null) {
        const creada = await inscribir.mutateAsync({
          idActo: acto.id,
          datos: { idSocio: familiar.idSocio, ...datos },
        });
        if (creada.estado === "en_espera") {
          notifications.show({
            color: "yellow",
            message: t("actos.avisos.enEspera", {
              nombre: familiar.nombre,
              acto: acto.nombre,
              puesto: creada.puestoEspera,
            }),
          });
          alCerrar();
          return;
        }
      } else {
        await modificar.mutateAsync({ idActo: acto.id, idInscripcion, datos });
      }
      const aviso = idInscripcion === null ? "actos.avisos.inscrito" : "actos.avisos.cambiada";
      notifications.show({
        color: "green",
        message: t(aviso, { nombre: familiar.nombre, acto: acto.nombre }),
      });
      alCerrar();
    } catch (err) {
      // "No quedan plazas", "La inscripción está cerrada"… come from the API in Spanish.
      setError(mensajeDeError(err));
    }
  }

  return (
    <Modal
      opened
      onClose={alCerrar}
      title={t(
        idInscripcion === null ? "actos.inscribir.titulo" : "actos.inscribir.tituloCambiar",
        {
          nombre: familiar.nombre,
          acto: acto.nombre,
        },
      )}
      centered
    >
      <form onSubmit={(e) => void enviar(e)} noValidate>
        <Stack>
          {error ? (
            <Alert
              role="alert"
              color="red"
              title={t(
                idInscripcion === null ? "actos.inscribir.error" : "actos.inscribir.errorCambio",
              )}
            >
              {error}
            </Alert>
          ) : null}
          {acto.menus.length > 0 ? (
            <Select
              label={t("actos.campos.menu")}
              data={acto.menus}
              value={menu}
              onChange={(v) => {
                setMenu(v);
                setErrorMenu(null);
              }}
              error={errorMenu}
              required
              allowDeselect={false}
            />
          ) : null}
          {acto.invitadosMax > 0 ? (
            <NumberInput
              label={t("actos.campos.invitados")}
              description={t("actos.inscribir.invitadosMax", { count: acto.invitadosMax })}
              min={0}
              max={acto.invitadosMax}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="strict"
              value={invitados}
              onChange={setInvitados}
            />
          ) : null}
          <Textarea
            label={t("actos.campos.alergias")}
            description={t("actos.inscribir.alergiasAyuda")}
            autosize
            minRows={2}
            maxLength={500}
            value={alergias}
            onChange={(e) => setAlergias(e.currentTarget.value)}
          />
          {acto.sePaga ? (
            <Text fw={500} data-testid="importe-inscripcion">
              {t("actos.inscribir.importe", { importe: formatearImporte(importe) })}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={alCerrar}>
              {t("actos.volver")}
            </Button>
            <Button type="submit" loading={inscribir.isPending || modificar.isPending}>
              {t(
                idInscripcion === null
                  ? "actos.inscribir.confirmar"
                  : "actos.inscribir.confirmarCambio",
              )}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
