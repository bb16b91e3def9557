"""Social life: social energy, friend circle and preferred contact, for a fuller social life."""

from __future__ import annotations

from inspect_memgym.conversation.world.catalogue_model import (
    QuestionSpec,
    ValueSpec,
    VariableSpec,
)

DOMAIN = "social"

VARIABLES: tuple[VariableSpec, ...] = (
    VariableSpec(
        key="social_energy",
        label="social energy",
        domain=DOMAIN,
        values=(
            ValueSpec(
                name="introvert",
                reveals=(
                    "After a party I need a whole day alone to recharge.",
                    "Small, quiet get-togethers suit me; big crowds drain me fast.",
                    "Quiet evenings by myself are how I refill my batteries.",
                ),
                events=(
                    "After a very draining year, I noticed my need for people changed.",
                    "A personality workshop last spring made me see myself differently.",
                ),
                advice=(
                    "Favour small, quiet gatherings with one or two people, and leave time alone "
                    "afterwards to recover."
                ),
            ),
            ValueSpec(
                name="ambivert",
                reveals=(
                    "I enjoy a lively party as much as a quiet night in, depending on my mood.",
                    "Some weeks I crave company and others I want solitude, and both feel natural.",
                    "I'm comfortable both in a crowd and on my own, and I need a bit of each.",
                ),
                events=(
                    "As I got older, the way I recharge shifted.",
                    "After a few months of trying new things, I noticed a change in how I handle "
                    "company.",
                ),
                advice=(
                    "Mix one lively group event with one quiet one-to-one meet-up each week to "
                    "keep a balance."
                ),
            ),
            ValueSpec(
                name="extrovert",
                reveals=(
                    "Being around lots of people gives me energy; a night alone leaves me "
                    "restless.",
                    "I'm happiest at packed parties, chatting with strangers until closing time.",
                    "If I spend a weekend by myself, I feel completely flat by Sunday.",
                ),
                events=(
                    "After a year of new experiences, I noticed a change in how I recharge.",
                    "A stint volunteering at festivals last summer changed how I feel about "
                    "people.",
                ),
                advice=(
                    "Fill your calendar with big group activities like team sports, parties and "
                    "meet-ups where you see lots of people."
                ),
            ),
        ),
        requests=(
            "How can I make new friends?",
            "What are some good ways to meet people?",
        ),
    ),
    VariableSpec(
        key="friend_circle",
        label="friend circle",
        domain=DOMAIN,
        values=(
            ValueSpec(
                name="new in town",
                reveals=(
                    "I moved here a few weeks ago and haven't met anyone yet.",
                    "I don't know a soul in this place yet; my friends are all back where I used "
                    "to live.",
                    "Everything here is unfamiliar since I relocated, and nobody local ever "
                    "invites me anywhere.",
                ),
                events=(
                    "Last month I packed up my life for a fresh start.",
                    "A job opportunity took me somewhere completely different in the spring.",
                ),
                advice=(
                    "Join a local club or class in your new area so that you can meet people from "
                    "scratch."
                ),
            ),
            ValueSpec(
                name="small inner circle",
                reveals=(
                    "I have two or three friends I'd trust with anything, and that's all I need.",
                    "My social life revolves around a couple of best friends I've known since "
                    "school.",
                    "I keep a handful of very close friendships rather than lots of acquaintances.",
                ),
                events=(
                    "After a few friendships faded last year, my social circle changed.",
                    "Going through a hard time made me realise who really matters to me.",
                ),
                advice=(
                    "Deepen the friendships you already have with regular one-to-one time rather "
                    "than chasing new ones."
                ),
            ),
            ValueSpec(
                name="large friend group",
                reveals=(
                    "My birthday parties regularly draw over fifty friends.",
                    "I belong to a huge crowd of friends, and there's always someone free to hang "
                    "out.",
                    "Between old classmates, teammates and colleagues, I have dozens of friends I "
                    "see regularly.",
                ),
                events=(
                    "After I joined a sports club last year, my social life changed.",
                    "When two groups of friends of mine merged at a wedding, everything changed.",
                ),
                advice=(
                    "Host one regular gathering that brings your many friends together, so you see "
                    "them without spreading yourself thin."
                ),
            ),
        ),
        requests=(
            "How do I keep friendships going when life gets busy?",
            "Could you suggest some social activities for the weekend?",
        ),
    ),
    VariableSpec(
        key="contact_style",
        label="contact style",
        domain=DOMAIN,
        values=(
            ValueSpec(
                name="texting",
                reveals=(
                    "I'd much rather send a quick message than pick up the phone.",
                    "Typed messages are how I keep up with everyone; I hardly ever hear a voice.",
                    "When my phone rings I let it go to voicemail and reply in writing.",
                ),
                events=(
                    "After a hectic spring, my way of keeping in touch changed.",
                    "A new messaging app my friends started using changed my habits.",
                ),
                advice=(
                    "Keep friendships warm with regular written messages and a shared photo or "
                    "link every few days."
                ),
            ),
            ValueSpec(
                name="phone calls",
                reveals=(
                    "I love a long chat on the phone while I walk around the block.",
                    "Hearing someone's voice means far more to me than a typed message.",
                    "Every Sunday evening I ring two or three friends for an hour-long catch-up.",
                ),
                events=(
                    "After a misunderstanding over a written message, I changed how I stay in "
                    "touch.",
                    "A friend moved abroad last year, which changed my habits.",
                ),
                advice=(
                    "Schedule a weekly phone catch-up with one friend, and ring people back rather "
                    "than replying in writing."
                ),
            ),
            ValueSpec(
                name="meeting in person",
                reveals=(
                    "Messages and calls feel empty to me; I need to sit across the table from "
                    "someone.",
                    "I'd rather travel across town to sit down with someone than talk to them "
                    "from a distance.",
                    "For me, a friendship only counts when we're actually in the same room.",
                ),
                events=(
                    "After a long period of isolation, I changed how I stay in touch.",
                    "After a heart-to-heart with an old friend, my habits shifted.",
                ),
                advice="Set up a standing face-to-face coffee or walk with a friend every week.",
            ),
        ),
        requests=(
            "How can I be a better friend?",
            "What's a good way to reconnect with someone I've lost touch with?",
        ),
    ),
)

QUESTIONS: tuple[QuestionSpec, ...] = (
    QuestionSpec(
        key="social_life",
        text="How can I build a more fulfilling social life?",
        variables=("social_energy", "friend_circle", "contact_style"),
        opener="Here are some ways to build a more fulfilling social life.",
    ),
)
