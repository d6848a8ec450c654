import {
  type Acompanante,
  aCentimos,
  DIETAS,
  type Dieta,
  type FamiliarActo,
  formatearImporte,
  importeInscripcion,
  type MiActo,
  mensajeDeError,
} from "@fila/domain";
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { useTranslation } from "../../lib/i18n";
import { useMutacionesInscripcion } from "./use-actos";

export type Inscribiendo = { acto: MiActo; familiar: FamiliarActo };

/** The diets of one diner as checkboxes (four, easy to tap on a phone). */
function Dietas({
  etiqueta,
  valor,
  alCambiar,
}: {
  etiqueta: string;
  valor: readonly Dieta[];
  alCambiar: (v: Dieta[]) => void;
}) {
  const { t } = useTranslation();
  return (
    <Checkbox.Group label={etiqueta} value={[...valor]} onChange={(v) => alCambiar(v as Dieta[])}>
      <Group gap="sm" mt={4}>
        {DIETAS.map((d) => (
          <Checkbox key={d} value={d} label={t(`actos.dietas.${d}`)} />
        ))}
      </Group>
    </Checkbox.Group>
  );
}

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
  const [dietas, setDietas] = useState<string[]>(inscribiendo?.familiar.dietas ?? []);
  const [acompanantes, setAcompanantes] = useState<Acompanante[]>(
    inscribiendo?.familiar.acompanantes ?? [],
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
    // Named companions (issue 50): one per guest; at a seated dinner every guest has a name.
    const conNombre = Array.from({ length: numInvitados }, (_, i) => acompanantes[i])
      .filter((a): a is Acompanante => !!a && a.nombre.trim() !== "")
      .map((a) => ({ ...a, nombre: a.nombre.trim(), alergias: a.alergias.trim() }));
    const datos = {
      invitados: numInvitados,
      menu: menu ?? "",
      alergias: alergias.trim(),
      dietas: dietas as Dieta[],
      acompanantes: conNombre,
    };
    try {
      if (idInscripcion === null) {
        const creada = await inscribir.mutateAsync({
          idActo: acto.id,
          datos: { idSocio: familiar.idSocio, sentarCon: [], ...datos },
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
          {Array.from({ length: numInvitados }, (_, i) => {
            const a = acompanantes[i] ?? { nombre: "", dietas: [], alergias: "" };
            const cambiar = (c: Partial<Acompanante>) =>
              setAcompanantes((lista) => {
                const nueva = [...lista];
                while (nueva.length <= i) nueva.push({ nombre: "", dietas: [], alergias: "" });
                nueva[i] = { ...a, ...c };
                return nueva;
              });
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: a guest is its place in the list
              <Stack key={i} gap={4} data-testid={`acompanante-${i + 1}`}>
                <TextInput
                  label={t("actos.inscribir.acompanante", { n: i + 1 })}
                  required={acto.plazasPorMesa !== null}
                  maxLength={100}
                  value={a.nombre}
                  onChange={(e) => cambiar({ nombre: e.currentTarget.value })}
                />
                <Dietas
                  etiqueta={t("actos.inscribir.dietasDe", { n: i + 1 })}
                  valor={a.dietas}
                  alCambiar={(v) => cambiar({ dietas: v })}
                />
              </Stack>
            );
          })}
          <Dietas
            etiqueta={t("actos.inscribir.dietas")}
            valor={dietas as Dieta[]}
            alCambiar={setDietas}
          />
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
