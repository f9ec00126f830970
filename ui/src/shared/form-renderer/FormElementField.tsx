import type { ElementType } from '../../../../form-engine';
import { AddressField } from './AddressField';
import { AttachmentField } from './AttachmentField';
import { ChoiceField } from './ChoiceField';
import { DateField } from './DateField';
import type { FieldProps, RenderOf } from './field-props';
import { FullNameField } from './FullNameField';
import { LegalField } from './LegalField';
import { MatrixField } from './MatrixField';
import { ScaleRatingField } from './ScaleRatingField';
import { SignatureField } from './SignatureField';
import { TextLikeField } from './TextLikeField';

/** Narrows the props to one element type (the switch below has already checked `element.type`). */
function as<T extends ElementType>(props: FieldProps, _type: T): FieldProps<T> {
  return { ...props, element: props.element as RenderOf<T> };
}

/** Picks the component for an answerable element. */
export function FormElementField(props: FieldProps) {
  const type = props.element.type;
  switch (type) {
    case 'shortText':
    case 'longText':
    case 'studentId':
    case 'psaName':
    case 'websiteLink':
    case 'time':
      return <TextLikeField {...as(props, type)} />;
    case 'dropdown':
    case 'multipleChoice':
    case 'checkbox':
    case 'radioButtons':
    case 'sport':
    case 'academicStanding':
      return <ChoiceField {...as(props, type)} />;
    case 'date':
    case 'dob':
      return <DateField {...as(props, type)} />;
    case 'fullName':
      return <FullNameField {...as(props, type)} />;
    case 'address':
      return <AddressField {...as(props, type)} />;
    case 'scaleRating':
      return <ScaleRatingField {...as(props, type)} />;
    case 'matrix':
      return <MatrixField {...as(props, type)} />;
    case 'legal':
      return <LegalField {...as(props, type)} />;
    case 'attachment':
      return <AttachmentField {...as(props, type)} />;
    case 'signature':
      return <SignatureField {...as(props, type)} />;
    default:
      return null;
  }
}
