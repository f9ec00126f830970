import { Image, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { SignatureMode } from '../../../../form-engine';
import { FieldGroup } from './FieldGroup';
import type { FieldProps } from './field-props';
import { drawnSignature, initialSignatureMode, readSignature, typedSignature } from './signature-answer';
import { SignaturePadCanvas } from './SignaturePadCanvas';

const SCRIPT_FONT = "'Segoe Script', 'Brush Script MT', 'Snell Roundhand', cursive";
const MODE_LABELS: Record<SignatureMode, string> = { drawn: 'Draw', typed: 'Type' };

/**
 * Signature: drawn on a canvas (signature_pad) or typed. Typing is the keyboard-accessible way and is offered
 * whenever the builder allows it; each way keeps its own input so switching back and forth loses nothing.
 */
export function SignatureField({
  element,
  value,
  onChange,
  onBlur,
  error,
  required,
  readOnly,
  inputId,
}: FieldProps<'signature'>) {
  const modes = element.input.signatureModes ?? ['drawn', 'typed'];
  const current = readSignature(value);
  const [mode, setMode] = useState<SignatureMode>(() => initialSignatureMode(value, modes));
  const [typed, setTyped] = useState(current?.kind === 'typed' ? current.text : '');
  const [drawn, setDrawn] = useState<string | null>(current?.kind === 'drawn' ? current.image : null);

  const switchTo = (next: SignatureMode) => {
    setMode(next);
    onChange(next === 'typed' ? typedSignature(typed) : drawnSignature(drawn));
  };

  if (readOnly) {
    return (
      <FieldGroup id={inputId} label={element.label} tips={element.tips} error={error} required={required}>
        {current?.kind === 'drawn' && <Image src={current.image} alt="Drawn signature" maw={320} />}
        {current?.kind === 'typed' && (
          <Text fz={28} ff={SCRIPT_FONT} aria-label={`Typed signature: ${current.text}`}>
            {current.text}
          </Text>
        )}
        {!current && (
          <Text size="sm" c="dimmed">
            Not signed
          </Text>
        )}
      </FieldGroup>
    );
  }

  return (
    <FieldGroup id={inputId} label={element.label} tips={element.tips} error={error} required={required}>
      <Stack gap="xs">
        {modes.length > 1 && (
          <SegmentedControl
            aria-label="How to sign"
            value={mode}
            onChange={(next) => switchTo(next as SignatureMode)}
            data={modes.map((m) => ({ value: m, label: MODE_LABELS[m] }))}
            w="fit-content"
          />
        )}
        {mode === 'drawn' ? (
          <SignaturePadCanvas
            id={`${inputId}-pad`}
            image={drawn}
            disabled={false}
            onDraw={(image) => {
              setDrawn(image);
              onChange(drawnSignature(image));
              onBlur();
            }}
          />
        ) : (
          <>
            <TextInput
              id={`${inputId}-typed`}
              label="Type your full name to sign"
              autoComplete="name"
              value={typed}
              onBlur={onBlur}
              onChange={(event) => {
                setTyped(event.currentTarget.value);
                onChange(typedSignature(event.currentTarget.value));
              }}
            />
            {typed.trim() !== '' && (
              <Text fz={28} ff={SCRIPT_FONT} aria-hidden="true" lh={1.2}>
                {typed}
              </Text>
            )}
          </>
        )}
      </Stack>
    </FieldGroup>
  );
}
