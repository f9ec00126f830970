import { describe, expect, it } from 'vitest';
import { actorLabel, countOf, labelFor, NOTIFICATION_STATUS_LABELS, pluralNoun, TASK_MODULE_LABELS } from './labels';
import { NOTIFICATION_STATUSES } from '../../../domain/notifications';

describe('labels', () => {
  it('counts with the right plural form', () => {
    expect(countOf(1, 'recipient')).toBe('1 recipient');
    expect(countOf(0, 'recipient')).toBe('0 recipients');
    expect(countOf(2, 'packet')).toBe('2 packets');
    expect(countOf(1200, 'task')).toBe('1,200 tasks');
    expect(pluralNoun('person', 3)).toBe('people');
    expect(countOf(1, 'person')).toBe('1 person');
  });

  it('turns role values into words and leaves names alone', () => {
    expect(actorLabel('SCHOOL_ADMIN')).toBe('any school admin');
    expect(actorLabel('Dana Reyes')).toBe('Dana Reyes');
  });

  it('has words for every notification status of the spec and never prints an identifier', () => {
    for (const statuses of Object.values(NOTIFICATION_STATUSES)) {
      for (const status of statuses) expect(NOTIFICATION_STATUS_LABELS[status], status).toBeDefined();
    }
    expect(labelFor(TASK_MODULE_LABELS, 'packet-submission')).toBe('E-signature');
    expect(labelFor(TASK_MODULE_LABELS, 'NEW_MODULE')).toBe('New module');
  });
});
