import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { ServiceConsumers } from '@portal/events';
import { StatusSamplesService } from './status-samples.service';

/**
 * Records the gateway's samples (`portal.status.sampled`) once per event (processed_events, in the
 * insert's transaction); the upsert on (service, minute) keeps replicas' samples from counting twice.
 */
@Injectable()
export class StatusSamplesConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly consumers: ServiceConsumers,
    private readonly samples: StatusSamplesService,
  ) {}

  onApplicationBootstrap(): void {
    this.consumers.start(
      new Logger('StatusSamplesConsumer'),
      'the status page gets no new samples',
      (consume) => [
        consume('status_samples', {
          statusSampled: ({ data }, { manager }) => this.samples.record(data, manager),
        }),
      ],
    );
  }
}
