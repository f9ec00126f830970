import { Image, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { SignaturePadCanvas } from '../../../shared/form-renderer/SignaturePadCanvas';

const SCRIPT_FONT = "'Segoe Script', 'Brush Script MT', 'Snell Roundhand', cursive";

/**
 * The approver's signature, given in place above the decision buttons: typed (the keyboard way, offered first) or
 * drawn. Reports the typed name or the drawing's PNG data URL, or '' while unsigned.
 */
export function ApproverSignature({ onChange }: { onChange: (signature: string) => void }) {
  const [mode, setMode] = useState<'typed' | 'drawn'>('typed');
  const [typed, setTyped] = useState('');
  const [drawn, setDrawn] = useState<string | null>(null);
  const switchTo = (next: 'typed' | 'drawn') => {
    setMode(next);
    onChange(next === 'typed' ? typed.trim() : (drawn ?? ''));
  };
  return (
    <Stack gap="xs" data-testid="approver-signature">
      <Text size="sm" fw={600} id="approver-signature-label">
        Your signature
      </Text>
      <SegmentedControl
        aria-label="How to sign"
        value={mode}
        onChange={(next) => switchTo(next as 'typed' | 'drawn')}
        data={[
          { value: 'typed', label: 'Type' },
          { value: 'drawn', label: 'Draw' },
        ]}
        w="fit-content"
      />
      {mode === 'typed' ? (
        <>
          <TextInput
            label="Type your full name to sign"
            description="Your typed name with Approve and sign is your electronic signature."
            autoComplete="name"
            value={typed}
            onChange={(event) => {
              setTyped(event.currentTarget.value);
              onChange(event.currentTarget.value.trim());
            }}
          />
          {typed.trim() !== '' && (
            <Text fz={28} ff={SCRIPT_FONT} aria-hidden="true" lh={1.2}>
              {typed}
            </Text>
          )}
        </>
      ) : (
        <SignaturePadCanvas
          id="approver-signature-pad"
          image={drawn}
          disabled={false}
          onDraw={(image) => {
            setDrawn(image);
            onChange(image ?? '');
          }}
        />
      )}
    </Stack>
  );
}

/** The signature as the confirmation dialog repeats it. */
export function SignaturePreview({ signature }: { signature: string }) {
  // A drawing travels as a PNG data URL, a typed signature as the name itself.
  if (signature.startsWith('data:image/')) return <Image src={signature} alt="Your drawn signature" maw={280} />;
  return (
    <Text fz={24} ff={SCRIPT_FONT}>
      {signature}
    </Text>
  );
}
