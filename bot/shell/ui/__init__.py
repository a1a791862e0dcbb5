"""What players press and see privately: the persistent components and the decision panel.

`base` holds what every component shares (the guarded callback that turns failures into one
reply, game lookup with the channel check, stamps, drafts of multi-page picks); `decision` the
decision panel's components and layout; `table` the public messages' buttons (turn message,
lobby, takeover vote, log pager); `help` the rules pages and the learning buttons; `dm` the DM
panel's parts; `panel` puts a seat's panel together and hands the publisher its views
(`Views`, the bot's `Host.views`). Components ask the sessions and the publisher; nothing here is
imported by the publisher."""
