import { FileInput, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useForm as useHookForm } from 'react-hook-form';
import { ERRORS } from '../../../../../domain/errors';
import { checkUpload, countWords, FORM_LIMITS } from '../../../../../form-engine';
import { fieldErrors } from '../../../shared/api';
import { useCreateForm, useUploadFormDocument, type FormDetail } from '../forms.api';
import type { FormFlow } from './form-flows';
import { DialogModal } from '../../../shared/DialogModal';

interface Values {
  name: string;
  category: string;
}

interface Props {
  flow: FormFlow | null;
  onClose: () => void;
  onCreated: (detail: FormDetail) => void;
}

export function validateFormName(name: string): true | string {
  if (name.trim() === '') return ERRORS.FORM_NAME_REQUIRED.message;
  if (countWords(name) > FORM_LIMITS.formNameMaxWords) return ERRORS.FORM_NAME_TOO_LONG.message;
  return true;
}

/** The first problem of a PDF to import (type, size), checked in the browser before any upload. */
export function checkPdfFile(file: File | null): string | null {
  if (!file) return 'Choose the PDF to import.';
  const [problem] = checkUpload([{ name: file.name, size: file.size, contentType: file.type || undefined }], {
    purpose: 'pdfImport',
  });
  return problem ? problem.message : null;
}

/** Name and category of the new form (plus the PDF for an import); creates it, then opens its builder. */
export function CreateFormModal({ flow, onClose, onCreated }: Props) {
  const create = useCreateForm();
  const upload = useUploadFormDocument();
  const form = useHookForm<Values>({ defaultValues: { name: '', category: '' } });
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  // A form created before its upload failed: retrying only uploads again.
  const [created, setCreated] = useState<FormDetail | null>(null);
  const isPdf = flow?.kind === 'PDF';
  const { errors } = form.formState;

  useEffect(() => {
    if (!flow) return;
    form.reset({ name: '', category: '' });
    create.reset();
    upload.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset only when the modal opens for a flow
  }, [flow]);

  const close = () => {
    setFile(null);
    setFileError(null);
    setCreated(null);
    onClose();
  };

  const uploadThen = (detail: FormDetail, pdf: File) =>
    upload.mutate({ id: detail.id, file: pdf }, { onSuccess: (withDocument) => onCreated(withDocument) });

  const submit = form.handleSubmit((values) => {
    if (!flow) return;
    const pdfProblem = isPdf ? checkPdfFile(file) : null;
    setFileError(pdfProblem);
    if (pdfProblem) return;
    if (created && file) {
      uploadThen(created, file);
      return;
    }
    create.mutate(
      { name: values.name.trim(), category: values.category.trim() || null, kind: flow.kind },
      {
        onSuccess: (detail) => {
          if (isPdf && file) {
            setCreated(detail);
            uploadThen(detail, file);
          } else {
            onCreated(detail);
          }
        },
        onError: (error) => {
          const message = fieldErrors(error).name;
          if (message) form.setError('name', { message });
        },
      },
    );
  });

  return (
    <DialogModal
      opened={flow !== null}
      onClose={close}
      title={flow?.modalTitle ?? ''}
      actionLabel={isPdf ? 'Upload and build' : 'Create and build'}
      onAction={() => void submit()}
      loading={create.isPending || upload.isPending}
      error={create.error ?? upload.error}
      isShownInline={(f) => f === 'name'}
      formLabel="New form"
      asForm
    >
      <TextInput
        label="Form name"
        withAsterisk
        data-autofocus
        description={`At most ${FORM_LIMITS.formNameMaxWords} words`}
        error={errors.name?.message}
        {...form.register('name', { validate: validateFormName })}
      />
      <TextInput label="Category" placeholder="e.g. Medical, Compliance" {...form.register('category')} />
      {isPdf && (
        <FileInput
          label="PDF to import"
          withAsterisk
          accept="application/pdf,.pdf"
          description="A PDF of at most 20 MB"
          value={file}
          error={fileError}
          onChange={(value) => {
            setFile(value);
            setFileError(value ? checkPdfFile(value) : null);
          }}
        />
      )}
    </DialogModal>
  );
}
